// list_my_drafts: the caller's drafts, newest first, with status and completeness.
import { z } from 'zod';
import { signedInUserId } from '../../src/auth/caller.js';
import { completenessOf, listDrafts, missingOf } from '../../src/drafts/drafts.js';
import { draftStatus } from '../../src/drafts/views.js';
import { defineTool } from '../define.js';
import { pageOf, pagination } from '../schemas.js';

export default defineTool({
  name: 'list_my_drafts',
  title: 'My drafts',
  description:
    'Lists your drafts newest first with status, completeness and what is missing; get_draft has one in full.',
  scope: 'account:read',
  http: { method: 'GET', path: '/drafts' },
  input: z.strictObject({ ...pagination }),
  output: pageOf(
    z.object({
      id: z.string(),
      url: z.string(),
      domain: z.string(),
      name: z.string().nullable(),
      status: draftStatus,
      failure_reason: z.string().nullable(),
      completeness: z.number().int(),
      missing: z.array(z.string()),
      listing_id: z.number().int().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  keyOutputs: ['items', 'total'],
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: async (ctx, input, caller) => {
    const { items, total } = await listDrafts(ctx, signedInUserId(caller), input);
    return {
      items: items.map((d) => ({
        id: d.id,
        url: d.url,
        domain: d.domain,
        name: typeof d.fields.name.value === 'string' ? d.fields.name.value : null,
        status: d.status,
        failure_reason: d.failure_reason,
        completeness: completenessOf(d),
        missing: missingOf(d),
        listing_id: d.listing_id,
        created_at: d.created_at,
        updated_at: d.updated_at,
      })),
      page: input.page,
      per_page: input.per_page,
      total,
    };
  },
});
