// All unit and integration tests of the workspaces in one jest run (npm test).
// Each workspace also runs alone: `cd <workspace> && npx jest`.
'use strict';

module.exports = {
  projects: [
    '<rootDir>/packages/*',
    '<rootDir>/services/*',
    '<rootDir>/gateway',
    '<rootDir>/rest-facade',
    '<rootDir>/server',
  ],
};
