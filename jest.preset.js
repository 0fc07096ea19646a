// Shared jest settings: TypeScript through swc (with decorator metadata, which
// type-graphql needs), workspace packages mapped to their sources.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/**
 * `@social/<name>` of every workspace library (a folder of packages/ or services/, gateway,
 * rest-facade) mapped to its `src`, read from the folders themselves: tests run on the sources
 * without a build, and a new package needs no entry here.
 */
function workspaceSources() {
  const folders = ['packages', 'services'].flatMap((parent) =>
    fs.readdirSync(path.join(__dirname, parent), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(__dirname, parent, entry.name)),
  );
  folders.push(path.join(__dirname, 'gateway'), path.join(__dirname, 'rest-facade'));
  const mapper = {};
  for (const folder of folders) {
    const manifest = path.join(folder, 'package.json');
    if (!fs.existsSync(manifest) || !fs.existsSync(path.join(folder, 'src/index.ts'))) continue;
    const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    if (typeof name === 'string' && name.startsWith('@social/')) mapper[`^${name}$`] = path.join(folder, 'src');
  }
  return mapper;
}

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    ...workspaceSources(),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
