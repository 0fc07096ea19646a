'use strict';
// What the commands in this folder share: the build's module they run, or, before any build,
// one line saying what to run first.
const path = require('node:path');

module.exports = function built(file, command) {
  const target = path.join(__dirname, '..', 'dist', file);
  try {
    return require(target);
  } catch (error) {
    if (error && error.code === 'MODULE_NOT_FOUND' && String(error.message).includes(target)) {
      process.stderr.write(`${command}: not built yet: run \`npm run build\` first.\n`);
      process.exit(1);
    }
    throw error;
  }
};
