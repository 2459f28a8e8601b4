/** Reading what the two database dialects hand back the same way. */

/** Counts come back as numbers (SQLite) or numeric strings (PostgreSQL bigint). */
export const num = (v: unknown): number => Number(v ?? 0);

/** Whether `err` is a unique-index violation (SQLite or PostgreSQL): a concurrent write won a check-then-write race. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
