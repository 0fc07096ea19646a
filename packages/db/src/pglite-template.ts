import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPGlite } from './pglite.js';
import { applyMigrations } from './migrations/apply.js';
import { readMigrations } from './migrations/folder.js';
import { migrationsDir as defaultMigrationsDir } from './migrations/paths.js';

/**
 * A PGlite data folder with every migration applied, made by the build
 * (`packages/db/dist/pglite-template`): a new embedded database is a copy of
 * it (~0.3 s) instead of PGlite's initdb and every migration (~5-8 s of CPU).
 * The copy is the same database the migrations make, because it is made by
 * running them (applyMigrations, on PGlite); after the copy the server runs
 * applyMigrations as on any start, which applies whatever the template
 * predates.
 */
export const defaultPgliteTemplateDir = path.join(__dirname, 'pglite-template');

const PGDATA = 'pgdata';
const MANIFEST = 'manifest.json';
/** Written last into a data folder by initdb and by the copy: without it PGlite sees no database. */
const PG_VERSION = 'PG_VERSION';

/** What a template was made from: a template is usable only by the same PGlite, and only for a folder that starts with its migrations. */
interface TemplateManifest {
  readonly pglite: string;
  /** [name, checksum] of each migration applied, in order. */
  readonly migrations: ReadonlyArray<readonly [string, string]>;
}

export interface PgliteTemplateOptions {
  /** Defaults to packages/db/dist/pglite-template. */
  readonly templateDir?: string;
  /** Defaults to <repo>/prisma/migrations. */
  readonly migrationsDir?: string;
}

function pgliteVersion(): string {
  // The package's exports hide its package.json: it sits above the resolved entry (dist/index.cjs).
  const entry = require.resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function readManifest(templateDir: string): TemplateManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(templateDir, MANIFEST), 'utf8')) as TemplateManifest;
  } catch {
    return null;
  }
}

function currentManifest(migrationsDir: string): TemplateManifest {
  return { pglite: pgliteVersion(), migrations: readMigrations(migrationsDir).map((m) => [m.name, m.checksum] as const) };
}

/** True when `template`'s migrations are the first of `current`'s, each with the same checksum, and made by the same PGlite. */
function templateFits(template: TemplateManifest, current: TemplateManifest): boolean {
  if (template.pglite !== current.pglite || template.migrations.length > current.migrations.length) return false;
  return template.migrations.every(([name, checksum], i) => current.migrations[i]?.[0] === name && current.migrations[i]?.[1] === checksum);
}

function sameManifest(a: TemplateManifest, b: TemplateManifest): boolean {
  return a.migrations.length === b.migrations.length && templateFits(a, b);
}

/**
 * Makes (or keeps, when it is current) the template: PGlite's initdb and
 * every migration in a scratch folder, which then replaces the template
 * whole. Returns false when the template was already current.
 */
export async function buildPgliteTemplate(options: PgliteTemplateOptions = {}): Promise<boolean> {
  const templateDir = options.templateDir ?? defaultPgliteTemplateDir;
  const migrationsDir = options.migrationsDir ?? defaultMigrationsDir;
  const wanted = currentManifest(migrationsDir);
  const existing = readManifest(templateDir);
  if (existing && sameManifest(existing, wanted) && existsSync(path.join(templateDir, PGDATA, PG_VERSION))) return false;

  const scratch = `${templateDir}.${process.pid}.tmp`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  try {
    const pglite = await openPGlite(path.join(scratch, PGDATA));
    try {
      const result = await applyMigrations(pglite, { migrationsDir });
      const applied = result.applied.join('\n');
      if (applied !== wanted.migrations.map(([name]) => name).join('\n')) {
        throw new Error(`The template got migrations ${applied || '(none)'}, not the folder's`);
      }
    } finally {
      await pglite.close(); // a clean shutdown: the copy needs no recovery
    }
    writeFileSync(path.join(scratch, MANIFEST), `${JSON.stringify(wanted, null, 2)}\n`);
    rmSync(templateDir, { recursive: true, force: true });
    renameSync(scratch, templateDir);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  return true;
}

/**
 * Copies the template into `dataDir` when that folder holds no database yet
 * and the template fits (same PGlite; its migrations are the folder's first,
 * unchanged). Returns the migrations the copy holds, or null when it copied
 * nothing (PGlite then runs initdb, as without a template).
 */
export function seedFromPgliteTemplate(dataDir: string, options: PgliteTemplateOptions = {}): string[] | null {
  const templateDir = options.templateDir ?? defaultPgliteTemplateDir;
  if (existsSync(path.join(dataDir, PG_VERSION))) return null;
  const template = readManifest(templateDir);
  const source = path.join(templateDir, PGDATA);
  if (!template || !existsSync(path.join(source, PG_VERSION))) return null;
  if (!templateFits(template, currentManifest(options.migrationsDir ?? defaultMigrationsDir))) return null;
  // PG_VERSION last, so that a copy cut short is not taken for a database: the next start copies again, over it.
  mkdirSync(dataDir, { recursive: true });
  cpSync(source, dataDir, { recursive: true, force: true, filter: (from) => from !== path.join(source, PG_VERSION) });
  copyFileSync(path.join(source, PG_VERSION), path.join(dataDir, PG_VERSION));
  return template.migrations.map(([name]) => name);
}
