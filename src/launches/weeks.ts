// Launch-week arithmetic (ARCHITECTURE §5): weeks run Monday to Sunday in UTC
// and are named by their Monday as YYYY-MM-DD. Pure functions of a date, so
// every caller passes the injected clock's `now`.
import { AppError } from '../errors.js';

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

export type WeekKind = 'past' | 'current' | 'future';

/** The Monday (YYYY-MM-DD) of the UTC week holding `date`. */
export function mondayOf(date: Date): string {
  // Day arithmetic on the timestamp: Date.UTC would read years 0–99 as 1900–1999.
  const day = Math.floor(date.getTime() / DAY_MS) * DAY_MS;
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Monday 00:00:00 UTC of the week named by `monday`. */
export function weekStartsAt(monday: string): Date {
  return new Date(`${monday}T00:00:00.000Z`);
}

/** The date `n` weeks after (or before, when negative) `monday`. */
export function addWeeks(monday: string, n: number): string {
  return new Date(weekStartsAt(monday).getTime() + n * WEEK_MS).toISOString().slice(0, 10);
}

/** The Sunday (YYYY-MM-DD) that ends the week. */
export function sundayOf(monday: string): string {
  return new Date(weekStartsAt(monday).getTime() + 6 * DAY_MS).toISOString().slice(0, 10);
}

/** Whether the week has ended, is running, or is still to come at `now`. */
export function weekKind(monday: string, now: Date): WeekKind {
  const current = mondayOf(now);
  return monday < current ? 'past' : monday === current ? 'current' : 'future';
}

/**
 * A strict calendar date YYYY-MM-DD (rejects 2026-02-30), or null. Years
 * 1000–9998 only, so a week's neighbours are still four-digit dates.
 */
export function parseDate(value: string): Date | null {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value) || value >= '9999') return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

/**
 * `this`, `next`, `last` or a date YYYY-MM-DD (snapped to its Monday) → the
 * week's Monday. Anything else is a 400 naming `field`.
 */
export function resolveWeek(value: string, now: Date, field = 'week'): string {
  const current = mondayOf(now);
  const keyword = value.trim().toLowerCase();
  if (keyword === 'this') return current;
  if (keyword === 'next') return addWeeks(current, 1);
  if (keyword === 'last') return addWeeks(current, -1);
  const date = parseDate(value.trim());
  if (date) return mondayOf(date);
  const message = 'must be this, next, last or a date YYYY-MM-DD (any day; it is snapped to its Monday)';
  throw new AppError('invalid', `${field} "${value}" is not a week: it ${message}.`, {
    errors: [{ path: field, message }],
  });
}
