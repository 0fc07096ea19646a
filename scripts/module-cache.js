// Caches for loading the server's ~2,200 CommonJS modules under `npm start`,
// which is most of its start-up CPU: finding each module (~4,900 lookups,
// each a series of stat calls and package.json reads) and compiling it.
//
// - Code cache (what Node 22's module.enableCompileCache() does; Node 20 has
//   none): each module is compiled as Node itself would (the same wrapper
//   function), but through vm.Script, which accepts V8's cached data. An entry
//   is used only when the module's source still has the SHA-1 it had when the
//   entry was made (V8's own check is the source length only).
// - Resolution cache: require(request) from a folder gives the file it gave
//   last time, as long as `resolutionKey` is the same; the caller derives that
//   from everything resolution reads (the installed packages, the build
//   outputs, Node's version and flags).
//
// Both live in one file, (re)written once some seconds after start or at
// exit, whichever comes first, and only if something missed. The cached data
// is taken after the modules ran, so it also holds the functions start-up
// compiled lazily.
'use strict';
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const MAGIC = 'social-module-cache-1';
const mainModule = require.main;
// Long enough for the server to have started and answered its first request.
const SAVE_AFTER_MS = 15_000;
// Every way to write a dynamic import() (and some JSDoc types, which merely cost their module the cache).
const DYNAMIC_IMPORT = /\bimport\s*\(/;

function sha1(text) {
  return createHash('sha1').update(text).digest('base64');
}

/** The cache file's content, or an empty cache when it is missing, torn or not ours. */
function readCache(file) {
  const cache = { resolutionKey: null, resolutions: new Map(), code: new Map() };
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return cache;
  }
  try {
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.toString('utf8', 4, 4 + headerLength));
    if (header.magic !== MAGIC) return cache;
    let offset = 4 + headerLength;
    for (const [filename, hash, length] of header.code) {
      cache.code.set(filename, { hash, data: bytes.subarray(offset, offset + length) });
      offset += length;
    }
    cache.resolutionKey = header.resolutionKey;
    cache.resolutions = new Map(header.resolutions);
  } catch {
    return { resolutionKey: null, resolutions: new Map(), code: new Map() };
  }
  return cache;
}

function writeCache(file, { resolutionKey, resolutions, code }) {
  const list = [];
  const blobs = [];
  for (const [filename, { hash, data }] of code) {
    list.push([filename, hash, data.length]);
    blobs.push(data);
  }
  const header = Buffer.from(JSON.stringify({ magic: MAGIC, resolutionKey, resolutions: [...resolutions], code: list }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length, 0);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then renamed: several servers started from one tree may save at once.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, Buffer.concat([length, header, ...blobs]));
  fs.renameSync(temporary, file);
}

/** Node's require() for a module compiled outside its loader (what its internal makeRequireFunction builds). */
function makeRequire(mod) {
  const require = (id) => mod.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod);
  require.main = mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

/**
 * Loads every CommonJS module required from now on through the caches in
 * `directory`. Modules Node treats as ES modules, modules that may call
 * import(), and any a vm.Script cannot compile go through Node's own loader.
 * Returns this run's counts of hits and misses.
 */
function enableModuleCache(directory, { resolutionKey }) {
  const stats = { codeHits: 0, codeMisses: 0, resolutionHits: 0, resolutionMisses: 0 };
  // Node maps stack traces through source maps only for modules its own loader compiled.
  if (process.sourceMapsEnabled) return { stats };
  // V8 rejects data made by another V8 or with other flags; one file per Node version and arch keeps them apart.
  const file = path.join(directory, `module-cache-${process.version}-${process.arch}.bin`);
  const cache = readCache(file);
  if (cache.resolutionKey !== resolutionKey) cache.resolutions.clear();
  const compiled = new Map(); // this run's scripts: path -> { hash, script }
  let missed = false;

  const originalResolve = Module._resolveFilename;
  Module._resolveFilename = function resolveWithCache(request, parent, isMain, options) {
    if (isMain || options !== undefined || !parent?.filename || Module.isBuiltin(request)) {
      return originalResolve.call(this, request, parent, isMain, options);
    }
    // What a request resolves to depends on the requiring module's folder only (node_modules lookup, package scope).
    const key = `${path.dirname(parent.filename)}\0${request}`;
    const known = cache.resolutions.get(key);
    if (known !== undefined) {
      stats.resolutionHits += 1;
      return known;
    }
    const filename = originalResolve.call(this, request, parent, isMain, options);
    cache.resolutions.set(key, filename);
    stats.resolutionMisses += 1;
    missed = true;
    return filename;
  };

  const originalCompile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename, format) {
    // A script made from cached data loses its dynamic import() callback in Node 20 (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING):
    // modules that may call import() are left to Node's loader.
    if (format === 'module' || typeof content !== 'string' || DYNAMIC_IMPORT.test(content)) {
      return originalCompile.call(this, content, filename, format);
    }
    const hash = sha1(content);
    const entry = cache.code.get(filename);
    const cachedData = entry && entry.hash === hash ? entry.data : undefined;
    let script;
    try {
      script = new vm.Script(Module.wrap(content), { filename, cachedData });
    } catch {
      // Node's loader reports the syntax error itself (or loads the file as an ES module).
      return originalCompile.call(this, content, filename, format);
    }
    if (cachedData === undefined || script.cachedDataRejected) {
      stats.codeMisses += 1;
      missed = true;
    } else {
      stats.codeHits += 1;
    }
    compiled.set(filename, { hash, script });
    const wrapper = script.runInThisContext({ displayErrors: true });
    return Reflect.apply(wrapper, this.exports, [this.exports, makeRequire(this), this, filename, path.dirname(filename)]);
  };

  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    if (missed) {
      try {
        const code = new Map(cache.code);
        for (const [filename, { hash, script }] of compiled) code.set(filename, { hash, data: script.createCachedData() });
        writeCache(file, { resolutionKey, resolutions: cache.resolutions, code });
      } catch {
        // A cache that cannot be written costs the next start its speed, nothing else.
      }
    }
    // Start-up is over: the file's bytes (~15 MB) need not stay in memory for the rare module loaded later.
    compiled.clear();
    cache.code.clear();
  };
  setTimeout(save, SAVE_AFTER_MS).unref();
  process.once('exit', save);
  return { stats };
}

module.exports = { enableModuleCache };
