// Test support (used by *.test.ts only, not exported by the package).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import vm from 'node:vm';

/**
 * PGlite 0.5 loads its WebAssembly and Node built-ins with dynamic import(),
 * which jest's module sandbox allows only under --experimental-vm-modules
 * (otherwise: ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG). The flag is on
 * when vm.SourceTextModule exists.
 */
const vmModulesEnabled = typeof (vm as { SourceTextModule?: unknown }).SourceTextModule === 'function';

const rerunFiles = new Set<string>();

/**
 * `describe`, or, when this jest runs without the flag, a skipped `describe`
 * plus one test that re-runs the whole file in a child jest with the flag
 * (so plain `npx jest` still runs every case, once).
 */
export function describeWithVmModules(testFile: string): jest.Describe {
  if (vmModulesEnabled) return describe;
  if (rerunFiles.has(testFile)) return describe.skip;
  rerunFiles.add(testFile);
  test(`${path.basename(testFile)} passes under jest --experimental-vm-modules (PGlite needs dynamic import)`, () => {
    const child = spawnSync(process.execPath, ['--experimental-vm-modules', require.resolve('jest/bin/jest'), '--runTestsByPath', testFile, '--colors=false'], {
      cwd: path.resolve(__dirname, '../..'),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`child jest failed (exit ${child.status}):\n${child.stderr}\n${child.stdout}`);
  }, 300_000);
  return describe.skip;
}
