// Zod pieces the website's operations share.
import { z } from 'zod';

/** A listing's vote state for the person after a vote or its withdrawal. */
export const voteState = z.object({ voted: z.boolean(), votes: z.number().int() });
