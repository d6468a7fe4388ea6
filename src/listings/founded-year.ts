// The one rule for a listing's founded year, which drafts, submit_draft and
// update_my_listing all apply.
export const FOUNDED_YEARS = { min: 1800, max: 2100 } as const;

export const isFoundedYear = (year: number): boolean =>
  Number.isInteger(year) && year >= FOUNDED_YEARS.min && year <= FOUNDED_YEARS.max;
