import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SchemaEngine as SchemaEngineClass } from '@prisma/schema-engine-wasm' with { 'resolution-mode': 'import' };

type WasmExports = Record<string, unknown>;

// lib "ES2023" without "DOM" has no WebAssembly typings: the one call used here.
declare const WebAssembly: {
  instantiate(bytes: Uint8Array, imports: Record<string, object>): Promise<{ instance: { exports: WasmExports } }>;
};

/** The wasm-bindgen glue (`schema_engine_bg.js`): JavaScript the .wasm imports and the classes it exposes. */
interface EngineGlue {
  readonly SchemaEngine: typeof SchemaEngineClass;
  version(): string;
  __wbg_set_wasm(exports: WasmExports): void;
}

export type SchemaEngineClassType = typeof SchemaEngineClass;

const GLUE = '@prisma/schema-engine-wasm/schema_engine_bg';

/**
 * The glue is an ES module. Node >= 20.19 `require`s it; jest's module
 * registry cannot, so there it is evaluated from source: it imports nothing
 * and only uses `export function` / `export class`, which this turns into a
 * returned object. `new Function` keeps it in the caller's realm, so its
 * `instanceof Uint8Array/Promise` checks see our values.
 */
function evaluateGlue(file: string): EngineGlue {
  const names: string[] = [];
  const body = readFileSync(file, 'utf8').replace(/^export (function|class) ([A-Za-z_$][\w$]*)/gm, (_match, kind: string, name: string) => {
    names.push(name);
    return `${kind} ${name}`;
  });
  if (/^\s*(import|export)\b/m.test(body)) throw new Error(`Unexpected module syntax left in ${file}`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the installed package's own glue, evaluated as its source (see above)
  return new Function(`'use strict';\n${body}\nreturn { ${names.join(', ')} };`)() as EngineGlue;
}

function loadGlue(): EngineGlue {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an ES module loaded synchronously (require of ESM, Node 20.19+)
    return require(GLUE) as EngineGlue;
  } catch (requireError) {
    try {
      return evaluateGlue(require.resolve(GLUE));
    } catch {
      throw requireError;
    }
  }
}

/**
 * The engine build of the installed prisma CLI (`prisma/build`) is the exact
 * engines commit of the CLI (and client) version, which is not published on
 * its own; the package's own (newer) .wasm works with the same glue and is
 * the fallback.
 */
function wasmFile(): string {
  try {
    const fromCli = path.join(path.dirname(require.resolve('prisma/build/index.js')), 'schema_engine_bg.wasm');
    if (existsSync(fromCli)) return fromCli;
  } catch {
    // prisma CLI not installed (production install): use the package's own build
  }
  return path.join(path.dirname(require.resolve(GLUE)), 'schema_engine_bg.wasm');
}

let lastPanic: string | null = null;

/** The last Rust panic message (the engine's own error only says it panicked), once. */
export function takeEnginePanic(): string | null {
  const message = lastPanic;
  lastPanic = null;
  return message;
}

async function instantiate(): Promise<SchemaEngineClassType> {
  // The glue's panic hook writes the message here and fails without it.
  (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= {
    set_message: (message: string) => {
      lastPanic = message;
    },
  };
  const glue = loadGlue();
  // Node 20 cannot `import` a .wasm: instantiate it with the glue as its import object.
  const { instance } = await WebAssembly.instantiate(readFileSync(wasmFile()), { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue.SchemaEngine;
}

let loaded: Promise<SchemaEngineClassType> | undefined;

/** Prisma's schema engine as WebAssembly, loaded once per process (the glue holds one global instance). */
export function loadSchemaEngine(): Promise<SchemaEngineClassType> {
  loaded ??= instantiate();
  return loaded;
}
