// Shared jest settings: TypeScript through swc (with decorator metadata, which
// type-graphql needs), workspace packages mapped to their sources.
'use strict';
const path = require('node:path');

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
    '^@social/(db|config|content|errors|federation|jobs|pubsub|telemetry|testkit)$': path.join(__dirname, 'packages/$1/src'),
    '^@social/(identity|statuses|media)$': path.join(__dirname, 'services/$1/src'),
    '^@social/gateway$': path.join(__dirname, 'gateway/src'),
    '^@social/rest-facade$': path.join(__dirname, 'rest-facade/src'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
