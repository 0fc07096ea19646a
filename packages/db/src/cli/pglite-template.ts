#!/usr/bin/env node
// Part of `npm run build` (packages/db): the migrated PGlite data folder a
// new embedded database is copied from (see pglite-template.ts).
import path from 'node:path';
import { buildPgliteTemplate, defaultPgliteTemplateDir } from '../pglite-template.js';

buildPgliteTemplate().then(
  (built) => {
    const where = path.relative(process.cwd(), defaultPgliteTemplateDir);
    console.log(built ? `Built the PGlite template in ${where}.` : `The PGlite template in ${where} is current.`);
  },
  (error: unknown) => {
    console.error(`Could not build the PGlite template: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
