#!/usr/bin/env node
// `npm run openapi`: writes rest-facade/openapi.json from the route table.
// `npm run openapi:check`: fails when the committed copy is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routes } from '../routes/index.js';
import { buildOpenApiDocument } from './document.js';

const FILE = path.resolve(__dirname, '../../openapi.json');

function main(command: string | undefined): number {
  const text = `${JSON.stringify(buildOpenApiDocument(routes), null, 2)}\n`;
  if (command === 'write') {
    writeFileSync(FILE, text);
    process.stdout.write(`wrote ${path.relative(process.cwd(), FILE)} (${routes.length} operations)\n`);
    return 0;
  }
  if (command === 'check') {
    let committed = '';
    try {
      committed = readFileSync(FILE, 'utf8');
    } catch {
      // missing: stale
    }
    if (committed === text) {
      process.stdout.write(`${path.relative(process.cwd(), FILE)} is up to date (${routes.length} operations)\n`);
      return 0;
    }
    process.stderr.write(`${path.relative(process.cwd(), FILE)} is stale: the route table changed. Run \`npm run openapi\` and commit it.\n`);
    return 1;
  }
  process.stderr.write('usage: openapi write|check\n');
  return 2;
}

process.exitCode = main(process.argv[2]);
