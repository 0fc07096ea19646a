// scripts/start.js (npm start): the build check and the module caches it loads the server with.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS script of scripts/, without type declarations
const buildState = require('../../scripts/build-state.js') as {
  snapshotBuildInputs(root: string): string;
  snapshotBuildOutputs(root: string): string;
};
const MODULE_CACHE = path.resolve(__dirname, '../../scripts/module-cache.js');

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'social-start-script-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function write(file: string, content: string): void {
  mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
  writeFileSync(path.join(work, file), content);
}

describe('the build check', () => {
  beforeEach(() => {
    write('package.json', JSON.stringify({ workspaces: ['packages/*', 'tools'] }));
    write('packages/a/package.json', JSON.stringify({ scripts: { build: 'tsc -b' } }));
    write('packages/a/src/index.ts', 'export const a = 1;\n');
    write('packages/a/dist/index.js', 'exports.a = 1;\n');
    write('tools/package.json', JSON.stringify({ scripts: {} })); // not built: not looked at
    write('prisma/migrations/1_init/migration.sql', 'CREATE TABLE t (id int);\n');
  });

  it('sees nothing new when nothing changed', () => {
    expect(buildState.snapshotBuildInputs(work)).toBe(buildState.snapshotBuildInputs(work));
    expect(buildState.snapshotBuildOutputs(work)).toBe(buildState.snapshotBuildOutputs(work));
  });

  it.each([
    ['a source file is saved again', () => utimesSync(path.join(work, 'packages/a/src/index.ts'), new Date(), new Date(Date.now() + 5_000))],
    ['a source file is added', () => write('packages/a/src/more.ts', 'export {};\n')],
    ['a migration is added', () => write('prisma/migrations/2_more/migration.sql', 'SELECT 1;\n')],
    ['a workspace is added', () => write('packages/b/package.json', JSON.stringify({ scripts: { build: 'tsc -b' } }))],
  ])('sees a changed input when %s', (_what, change) => {
    const before = buildState.snapshotBuildInputs(work);
    change();
    expect(buildState.snapshotBuildInputs(work)).not.toBe(before);
  });

  it('sees changed outputs when a build output is deleted', () => {
    const before = buildState.snapshotBuildOutputs(work);
    rmSync(path.join(work, 'packages/a/dist'), { recursive: true });
    expect(buildState.snapshotBuildOutputs(work)).not.toBe(before);
  });

  it('ignores files of workspaces without a build', () => {
    const before = buildState.snapshotBuildInputs(work);
    write('tools/src/x.js', '1;\n');
    expect(buildState.snapshotBuildInputs(work)).toBe(before);
  });
});

describe('the module caches', () => {
  /** Runs main.js of the work folder with the caches on; returns what it printed and the cache's counts. */
  function run(resolutionKey = 'key'): { output: unknown; stats: Record<string, number> } {
    write(
      'runner.js',
      `const { enableModuleCache } = require(${JSON.stringify(MODULE_CACHE)});
       const { stats } = enableModuleCache(${JSON.stringify(path.join(work, 'cache'))}, { resolutionKey: ${JSON.stringify(resolutionKey)} });
       Promise.resolve(require('./main.js')).then((output) => console.log(JSON.stringify({ output, stats })));`,
    );
    const child = spawnSync(process.execPath, [path.join(work, 'runner.js')], { cwd: work, encoding: 'utf8' });
    if (child.status !== 0) throw new Error(child.stderr);
    return JSON.parse(child.stdout.trim().split('\n').pop() as string) as { output: unknown; stats: Record<string, number> };
  }

  it('compiles from the cache on the second start, with the same result', () => {
    write('main.js', 'const { twice } = require("./lib.js");\nmodule.exports = twice(21);\n');
    write('lib.js', 'exports.twice = (n) => n * 2;\n');
    const first = run();
    expect(first).toMatchObject({ output: 42, stats: { codeHits: 0, codeMisses: 2, resolutionMisses: 2 } });
    expect(run()).toMatchObject({ output: 42, stats: { codeHits: 2, codeMisses: 0, resolutionHits: 2, resolutionMisses: 0 } });
  });

  it('runs the new code of a module edited to the same length', () => {
    write('main.js', 'module.exports = 1;\n');
    expect(run().output).toBe(1);
    write('main.js', 'module.exports = 2;\n');
    expect(run()).toMatchObject({ output: 2, stats: { codeMisses: 1 } });
  });

  it('leaves a module that calls import() to Node, which loads it on every start', () => {
    write('main.js', 'module.exports = import("node:path").then((p) => p.basename("/a/b.txt"));\n');
    expect(run().output).toBe('b.txt');
    expect(run()).toMatchObject({ output: 'b.txt', stats: { codeHits: 0, codeMisses: 0 } });
  });

  it('resolves again once the resolution key changes', () => {
    write('main.js', 'module.exports = require("dep");\n');
    write('node_modules/dep/index.js', 'module.exports = "index";\n');
    expect(run('installed-once').output).toBe('index');
    write('node_modules/dep/package.json', JSON.stringify({ main: 'other.js' }));
    write('node_modules/dep/other.js', 'module.exports = "other";\n');
    // The key stands for everything resolution reads: npm start changes it when packages are installed.
    expect(run('installed-twice').output).toBe('other');
  });
});
