// Dates and times as people read them on every page: "16 Nov 2026" and
// "22 Nov 2026, 12:00 UTC" (the site's weeks and times are UTC).
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "16 Nov 2026", from a date or an ISO time (anything else as it came). */
export function formatDay(value: string): string {
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(time) ? value : dayFormat.format(time);
}

/** An ISO time as a day and a UTC time: "22 Nov 2026, 12:00 UTC". */
export function formatTime(iso: string): string {
  return `${formatDay(iso)}, ${iso.slice(11, 16)} UTC`;
}
