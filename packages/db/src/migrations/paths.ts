import { statSync } from 'node:fs';
import path from 'node:path';

function isDirectory(candidate: string): boolean {
  try {
    return statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The repository's `prisma` folder: the first ancestor of `start` holding
 * `prisma/migrations`. Walking up works alike from src/ (jest), dist/ (node)
 * and any install depth, where a fixed `../..` would not.
 */
function findPrismaDir(start: string = __dirname): string | null {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (isDirectory(path.join(dir, 'prisma', 'migrations'))) return path.join(dir, 'prisma');
    if (path.dirname(dir) === dir) return null;
  }
}

// Falls back to the repository layout (packages/db/<src|dist>/migrations) so
// importing never throws; reading a missing folder fails with its path.
const prismaDir = findPrismaDir() ?? path.resolve(__dirname, '../../../../prisma');

/** <repo>/prisma/migrations: Prisma's folder layout, one `<timestamp>_<name>/migration.sql` each. */
export const migrationsDir = path.join(prismaDir, 'migrations');

/** <repo>/prisma/schema.prisma: the datamodel the migrations must reproduce. */
export const schemaPath = path.join(prismaDir, 'schema.prisma');
