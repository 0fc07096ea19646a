// End-to-end suite: one real server (E2E_TARGET: embedded, single or multi),
// started once by globalSetup, every *.e2e.test.ts run in band against it.
'use strict';
const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  rootDir: __dirname,
  displayName: `e2e:${process.env.E2E_TARGET || 'embedded'}`,
  testMatch: ['<rootDir>/**/*.e2e.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  // E2E_RESPONSE_LOG set (test/run-targets.js): every answer is recorded for the OpenAPI check.
  setupFiles: ['<rootDir>/support/record-responses.ts'],
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 1,
};
