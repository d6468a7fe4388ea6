// What each scope lets a program do, in words people read on the consent and
// API keys pages.
import type { Scope } from './caller.js';

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'account:read': 'Read your account, drafts, listings, claims and orders',
  'listings:write': 'Submit and edit listings, claim listings, choose free launches',
  'orders:write': 'Price orders and create checkout links (payment always happens on the checkout page, by you)',
};
