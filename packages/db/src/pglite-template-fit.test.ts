// When the PGlite template is kept, and which data folders it is copied into: decided from its
// manifest and the migrations folder alone, so a template made by hand (a manifest and a few
// files, no PGlite started) stands in for a built one. pglite-template.test.ts builds a real one.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCKFILE, readMigrations } from './migrations/folder.js';
import { copyOfMigrations } from './migrations/scratch.test-helper.js';
import { buildPgliteTemplate, seedFromPgliteTemplate } from './pglite-template.js';

/** The PGlite release installed, which a template must have been made by. */
function installedPglite(): string {
  const entry = require.resolve('@electric-sql/pglite');
  return (JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/** A template as the build leaves it: pgdata (PG_VERSION and a data file) and the manifest of what made it. */
function handMadeTemplate(dir: string, migrations: string, pglite = installedPglite()): string {
  mkdirSync(path.join(dir, 'pgdata', 'base'), { recursive: true });
  writeFileSync(path.join(dir, 'pgdata', 'base', '1'), 'pages');
  writeFileSync(path.join(dir, 'pgdata', 'PG_VERSION'), '17\n');
  const manifest = { pglite, migrations: readMigrations(migrations).map((migration) => [migration.name, migration.checksum]) };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('the PGlite template, by its manifest', () => {
  let work: string;
  let allMigrations: string;
  let migrationCount: number;

  beforeEach(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'social-pglite-template-fit-'));
    allMigrations = copyOfMigrations(work, 'all');
    migrationCount = readdirSync(allMigrations).filter((name) => name !== LOCKFILE).length;
    expect(migrationCount).toBeGreaterThan(1);
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('is kept, unbuilt, when it is current', async () => {
    const templateDir = handMadeTemplate(path.join(work, 'template'), allMigrations);
    expect(await buildPgliteTemplate({ templateDir, migrationsDir: allMigrations })).toBe(false);
    expect(readFileSync(path.join(templateDir, 'pgdata', 'base', '1'), 'utf8')).toBe('pages');
  });

  it('is copied whole into a new folder, PG_VERSION included, when its migrations are the first of the folder', () => {
    const older = copyOfMigrations(work, 'older', migrationCount - 1);
    const templateDir = handMadeTemplate(path.join(work, 'template'), older);
    const dataDir = path.join(work, 'data');

    expect(seedFromPgliteTemplate(dataDir, { templateDir, migrationsDir: allMigrations })).toEqual(readMigrations(older).map((migration) => migration.name));
    expect(readFileSync(path.join(dataDir, 'base', '1'), 'utf8')).toBe('pages');
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('never touches a folder that already holds a database', () => {
    const templateDir = handMadeTemplate(path.join(work, 'template'), allMigrations);
    const dataDir = path.join(work, 'existing');
    expect(seedFromPgliteTemplate(dataDir, { templateDir, migrationsDir: allMigrations })).not.toBeNull();
    writeFileSync(path.join(dataDir, 'postgresql.auto.conf'), '# changed by its owner\n');
    expect(seedFromPgliteTemplate(dataDir, { templateDir, migrationsDir: allMigrations })).toBeNull();
    expect(existsSync(path.join(dataDir, 'postgresql.auto.conf'))).toBe(true);
  });

  it('is not used when one of its migrations changed since, or when the folder has fewer', () => {
    const templateDir = handMadeTemplate(path.join(work, 'template'), allMigrations);
    const edited = copyOfMigrations(work, 'edited');
    const first = readMigrations(edited)[0]?.name;
    writeFileSync(path.join(edited, first, 'migration.sql'), '-- rewritten\n', { flag: 'a' });
    expect(seedFromPgliteTemplate(path.join(work, 'edited-data'), { templateDir, migrationsDir: edited })).toBeNull();
    expect(existsSync(path.join(work, 'edited-data', 'PG_VERSION'))).toBe(false);

    const fewer = copyOfMigrations(work, 'fewer', 1);
    expect(seedFromPgliteTemplate(path.join(work, 'fewer-data'), { templateDir, migrationsDir: fewer })).toBeNull();
  });

  it('is not used when another PGlite release made it', () => {
    const templateDir = handMadeTemplate(path.join(work, 'template'), allMigrations, '0.0.1');
    expect(seedFromPgliteTemplate(path.join(work, 'data'), { templateDir, migrationsDir: allMigrations })).toBeNull();
  });
});
