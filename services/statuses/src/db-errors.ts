/**
 * A foreign key refused a row: the status it points at was deleted meanwhile.
 * Prisma says P2003 on adapter-pg; through PGlite the PostgreSQL code 23503 arrives.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, 'P2003', '23503');
}

/** A unique index refused a row another request wrote first (P2002, or PostgreSQL's 23505 through PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, 'P2002', '23505');
}

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
