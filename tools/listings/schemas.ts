// Zod pieces shared by the my-listings tools (SPEC Part 2 "Own-listing fields"
// and "Shared sub-objects").
import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../../src/drafts/drafter/fields.js';
import { ownListingSchema } from '../../src/listings/my-listings.js';
import { nextSteps, optionalWebLink, webLink } from '../schemas.js';

export const listingId = z.number().int().min(1);

const link = webLink(500);
export const socials = z.partialRecord(z.enum(SOCIAL_PLATFORMS), link).describe('Replaces all: platform → link');

export const faq = z.strictObject({ question: z.string().min(1).max(300), answer: z.string().min(1).max(1500) });

const textArray = z.array(z.string().max(200)).max(20);
export const ownListingFields = z
  .strictObject({
    tagline: z.string().max(200),
    short_description: z.string().max(300),
    description: z.string().max(20000),
    pricing_model: z.string().max(40),
    pricing_summary: z.string().max(300),
    country: z
      .string()
      .max(2)
      .regex(/^([A-Za-z]{2})?$/, 'must be a two-letter country code')
      .describe('Two-letter code; empty clears'),
    city: z.string().max(120),
    founded_year: z.number().int().min(1800).max(2100).nullable(),
    demo_video_url: optionalWebLink(z.string().max(500)),
    contact_email: z.string().max(254),
    features: textArray,
    usps: textArray,
    keywords: textArray,
    headline: z.string().max(200).describe("This site's headline"),
    summary: z.string().max(20000).describe("This site's summary"),
    seo_title: z.string().max(200),
    seo_description: z.string().max(320),
  })
  .partial();

export const ownListing = ownListingSchema.extend({ next_steps: nextSteps });
