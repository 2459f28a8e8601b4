/** Time helpers: every stored time is ISO-8601 UTC text (DESIGN.md section 3). */
export const now = (): string => new Date().toISOString();
export const addMs = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
