import path from 'node:path';

// Relative imports in this package carry no extension: jest's globalSetup
// loads these sources through its transform without the moduleNameMapper.

/** The monorepo root, from src/ or dist/ alike. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The one server binary (`node server/dist/main.js [role]`). */
export const SERVER_MAIN = path.join(REPO_ROOT, 'server', 'dist', 'main.js');

/** The admin CLI (social-admin): the staff every target is given before it starts. */
export const ADMIN_CLI = path.join(REPO_ROOT, 'server', 'dist', 'cli', 'admin.js');

/** The migration CLI the split roles need before they start. */
export const MIGRATE_CLI = path.join(REPO_ROOT, 'packages', 'db', 'dist', 'cli', 'migrate.js');
