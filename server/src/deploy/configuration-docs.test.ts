// The README's configuration table and .env.example document exactly the
// settings server/src/config.ts reads: a setting added, renamed or removed on
// one side only fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SETTING_NAMES } from '../config';

const ROOT = path.resolve(__dirname, '../../..');

/** The names in the first column of the table under "## Configuration" (a cell may name several: `A`, `B`). */
export function documentedSettings(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration'));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const names: string[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|');
    if (!line.startsWith('|') || cells.length < 4) continue;
    for (const match of cells[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(match[1]);
  }
  return [...new Set(names)];
}

/** Names set (`NAME=`) or shown commented out (`# NAME=`) in .env.example. */
export function exampleSettings(example: string): string[] {
  return [...new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]))];
}

describe('configuration documentation', () => {
  const settings = [...SETTING_NAMES].sort();

  it('finds the settings in a README table', () => {
    const sample = '## Configuration\n\n| variable | default | meaning |\n|---|---|---|\n| `PORT` | `3000` | p |\n| `A_URL`, `B_URL` | — | u |\n| `MEDIA_URL` (facade) | — | m |\n\n## Next\n| `NOT_THIS` | x | y |\n';
    expect(documentedSettings(sample)).toEqual(['PORT', 'A_URL', 'B_URL', 'MEDIA_URL']);
    expect(exampleSettings('PORT=1\n# REDIS_URL=redis://x\n#   Not=1\n# a comment\n')).toEqual(['PORT', 'REDIS_URL']);
  });

  it('the README table lists every setting of the config module, and nothing else', () => {
    const documented = documentedSettings(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).sort();
    expect({ missingFromReadme: settings.filter((name) => !documented.includes(name)), unknownInReadme: documented.filter((name) => !settings.includes(name)) }).toEqual({
      missingFromReadme: [],
      unknownInReadme: [],
    });
  });

  it('.env.example names every setting, and nothing else', () => {
    const example = exampleSettings(readFileSync(path.join(ROOT, '.env.example'), 'utf8')).sort();
    expect({ missingFromExample: settings.filter((name) => !example.includes(name)), unknownInExample: example.filter((name) => !settings.includes(name)) }).toEqual({
      missingFromExample: [],
      unknownInExample: [],
    });
  });
});
