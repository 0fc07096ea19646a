// Test support: scratch copies of the repository's migrations folder that a test may change.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { LOCKFILE, readMigrations } from './folder.js';
import { migrationsDir } from './paths.js';

/** `<parent>/<name>`: the lockfile and the first `count` of the repository's migrations (all when undefined). */
export function copyOfMigrations(parent: string, name: string, count?: number): string {
  const dir = path.join(parent, name);
  for (const migration of readMigrations(migrationsDir).slice(0, count)) cpSync(path.join(migrationsDir, migration.name), path.join(dir, migration.name), { recursive: true });
  cpSync(path.join(migrationsDir, LOCKFILE), path.join(dir, LOCKFILE));
  return dir;
}
