// The migrations folder as the runner finds and checks it, before any database is opened.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations } from './apply.js';
import { readMigrations } from './folder.js';
import { migrationsDir } from './paths.js';

describe('the migrations folder', () => {
  it('is found from the package at <repo>/prisma/migrations', () => {
    expect(migrationsDir).toBe(path.resolve(__dirname, '../../../../prisma/migrations'));
  });

  it('must carry a postgresql migration_lock.toml', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      cpSync(path.join(migrationsDir, readMigrations(migrationsDir)[0].name), path.join(dir, 'init'), { recursive: true });
      await expect(applyMigrations('postgresql://unused', { migrationsDir: dir })).rejects.toThrow(/migration_lock.toml is missing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
