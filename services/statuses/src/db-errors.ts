/**
 * A foreign key refused a row: the status it points at was deleted meanwhile.
 * Prisma says P2003 on adapter-pg; through PGlite the PostgreSQL code 23503 arrives.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (code === 'P2003' || code === '23503') return true;
    current = (current as { cause?: unknown }).cause ?? (current as { meta?: { driverAdapterError?: unknown } }).meta?.driverAdapterError;
  }
  return false;
}
