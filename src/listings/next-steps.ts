// What a maker (or their assistant) can usefully do next with an own listing.
import { type PendingLaunch, pendingLaunchSentence } from '../orders/pricing.js';

/** The steps an order waiting for payment closes until it is paid or expires. */
const HELD_BY_AN_ORDER = new Set(['get_launch_options', 'choose_free_listing', 'quote_order']);

/** The next steps for a listing; an order waiting for payment (`pending`) comes first and closes the launch routes. */
export function listingNextSteps(
  listing: { status: string; plan: string; slug: string },
  pending: PendingLaunch | null = null,
): { tool: string; why: string }[] {
  const steps = stepsByStatus(listing);
  if (!pending) return steps;
  return [
    { tool: 'get_order', why: pendingLaunchSentence(pending) },
    ...steps.filter((s) => !HELD_BY_AN_ORDER.has(s.tool)),
  ];
}

function stepsByStatus(listing: { status: string; slug: string }): { tool: string; why: string }[] {
  switch (listing.status) {
    case 'draft':
      return [
        { tool: 'update_my_listing', why: 'Polish the profile before launch; edits publish at once.' },
        {
          tool: 'get_launch_options',
          why: 'See the free week you would get, the paid weeks open and the prices first.',
        },
        {
          tool: 'choose_free_listing',
          why: 'Launch free: the first week with room in the free window (get_launch_options shows it), live once our badge is on your homepage.',
        },
        { tool: 'quote_order', why: 'Or launch paid (product `launch`): live at once or in a week you choose.' },
      ];
    case 'awaiting_badge':
      return [
        {
          tool: 'get_badges',
          why: `Put the badge's HTML on your homepage (slug "${listing.slug}"); it is checked periodically and the listing is then scheduled.`,
        },
        {
          tool: 'check_badge',
          why: 'Once the badge is up, check the homepage now instead of at the next hourly check.',
        },
      ];
    case 'scheduled':
      return [
        { tool: 'get_launch_week', why: 'See the other launches of your week.' },
        { tool: 'set_founder_story', why: 'Tell the story behind the product (shown when unlocked).' },
      ];
    case 'live':
      return [
        { tool: 'post_listing_update', why: 'Tell followers what is new.' },
        { tool: 'add_milestone', why: 'Record a milestone (shown when unlocked).' },
      ];
    default:
      return [{ tool: 'get_my_listing', why: 'Check the listing status.' }];
  }
}
