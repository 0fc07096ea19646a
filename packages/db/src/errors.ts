/**
 * A unique index refused a row. Prisma says P2002 on adapter-pg; through
 * pglite-prisma-adapter the PostgreSQL code 23505 comes through instead.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (code === 'P2002' || code === '23505') return true;
    current = (current as { cause?: unknown }).cause ?? (current as { meta?: { driverAdapterError?: unknown } }).meta?.driverAdapterError;
  }
  return false;
}
