// Columns that hold JSON as text (both dialects). Reads are forgiving: a
// malformed value gives the fallback instead of failing the whole page.

export function parseJsonText<T>(text: string | null | undefined, fallback: T): T {
  if (text == null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The strings of a JSON array column (anything else in it is skipped). */
export function stringArray(text: string | null | undefined): string[] {
  const value = parseJsonText<unknown>(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
