// What each social platform is called on every page: the draft form, the
// listing editor and the public profile name a link the same way.
import type { SocialPlatform } from '../../drafts/drafter/fields.js';

export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  website: 'Website',
  custom: 'Other link',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  threads: 'Threads',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  github: 'GitHub',
  gitlab: 'GitLab',
  reddit: 'Reddit',
  discord: 'Discord',
  medium: 'Medium',
};

/** Keys older listings and imports carry besides the platforms drafts know. */
const OTHER_LABELS: Record<string, string> = { twitter: PLATFORM_LABELS.x, producthunt: 'Product Hunt' };

/** The label of any socials key; one nobody named is shown capitalised. */
export function platformName(key: string): string {
  return PLATFORM_LABELS[key as SocialPlatform] ?? OTHER_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}
