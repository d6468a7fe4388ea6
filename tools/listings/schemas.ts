// Zod pieces shared by the my-listings tools (SPEC Part 2 "Own-listing fields"
// and "Shared sub-objects").
import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '../../src/drafts/drafter/fields.js';
import { OWN_TEXT_MAX as MAX, ownListingSchema } from '../../src/listings/my-listings.js';
import { MAX_SCREENSHOTS } from '../../src/media/screenshots.js';
import { docsOnly, nextSteps, optionalWebLink, webLink } from '../schemas.js';
import { FOUNDED_YEARS } from '../../src/listings/founded-year.js';

export const listingId = z
  .number()
  .int()
  .min(1)
  .meta(docsOnly('Your listing’s id (listing_id from list_my_listings or submit_draft)'));

const link = webLink(500);
export const socials = z.partialRecord(z.enum(SOCIAL_PLATFORMS), link).describe('Replaces all: platform → link');

/** The screenshot gallery (src/media/screenshots.ts): image links, fetched and stored on this site. */
export const screenshots = z.array(link).max(MAX_SCREENSHOTS).describe('Image links; replaces all');

export const faq = z.strictObject({ question: z.string().min(1).max(300), answer: z.string().min(1).max(1500) });

const textArray = z.array(z.string().max(200)).max(20);
const HEADLINE = "This site's bold line atop summary";
const SUMMARY = "This site's own take (About: Our summary), beside description";
export const ownListingFields = z
  .strictObject({
    tagline: z.string().max(MAX.tagline),
    short_description: z.string().max(MAX.short_description),
    description: z.string().max(MAX.description),
    pricing_model: z.string().max(MAX.pricing_model),
    pricing_summary: z.string().max(MAX.pricing_summary),
    country: z
      .string()
      .max(2)
      .regex(/^([A-Za-z]{2})?$/, 'must be a two-letter country code')
      .describe('Two-letter code; empty clears'),
    city: z.string().max(MAX.city),
    founded_year: z.number().int().min(FOUNDED_YEARS.min).max(FOUNDED_YEARS.max).nullable(),
    demo_video_url: optionalWebLink(z.string().max(MAX.demo_video_url)),
    contact_email: z.string().max(MAX.contact_email),
    features: textArray,
    usps: textArray,
    keywords: textArray,
    headline: z.string().max(MAX.headline).describe(HEADLINE),
    summary: z.string().max(MAX.summary).describe(SUMMARY),
    seo_title: z.string().max(MAX.seo_title),
    seo_description: z.string().max(MAX.seo_description),
  })
  .partial();

export const ownListing = ownListingSchema.extend({ next_steps: nextSteps });
