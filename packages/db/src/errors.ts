/**
 * A unique index refused a row. Prisma says P2002 on adapter-pg; through
 * pglite-prisma-adapter the PostgreSQL code 23505 comes through instead.
 */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, 'P2002', '23505');
}

/** A foreign key refused a row (what it points at was deleted meanwhile): P2003, or 23503 through PGlite. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, 'P2003', '23503');
}

/** Whether the error, its cause chain or the driver adapter's error carries one of the codes. */
function hasCode(error: unknown, prismaCode: string, postgresCode: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (code === prismaCode || code === postgresCode) return true;
    current = (current as { cause?: unknown }).cause ?? (current as { meta?: { driverAdapterError?: unknown } }).meta?.driverAdapterError;
  }
  return false;
}
