// The jest preset maps every workspace library to its sources, so a unit test never needs a
// package built first (nor runs a stale build of it).
import { createRequire } from 'node:module';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
// The preset is CommonJS read by jest itself, not a module of this package.
const preset = createRequire(__filename)(path.join(ROOT, 'jest.preset.js')) as { moduleNameMapper: Record<string, string> };

/** Where jest's moduleNameMapper sends an import (the first pattern that matches, as jest does). */
function mapped(request: string): string | undefined {
  for (const [pattern, target] of Object.entries(preset.moduleNameMapper)) {
    const match = new RegExp(pattern).exec(request);
    if (match) return target.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? '');
  }
  return undefined;
}

/** The root's workspace folders whose package is a library with sources (src/index.ts). */
function workspaceLibraries(): Array<{ name: string; folder: string }> {
  const patterns = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  const folders = patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(ROOT, pattern.slice(0, -2), entry.name))
      : [path.join(ROOT, pattern)],
  );
  return folders
    .filter((folder) => existsSync(path.join(folder, 'package.json')) && existsSync(path.join(folder, 'src/index.ts')))
    .map((folder) => ({ name: (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name: string }).name, folder }));
}

describe('the jest preset', () => {
  it('maps every workspace library to its sources', () => {
    const libraries = workspaceLibraries();
    expect(libraries.map((library) => library.name)).toEqual(expect.arrayContaining(['@social/cache', '@social/db', '@social/statuses', '@social/rest-facade']));
    expect(libraries.map(({ name }) => [name, mapped(name)])).toEqual(libraries.map(({ name, folder }) => [name, path.join(folder, 'src')]));
  });
});
