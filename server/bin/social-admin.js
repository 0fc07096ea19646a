#!/usr/bin/env node
// `npx social-admin`. The command is this committed file, which keeps its execute bit in every clone:
// the build's output never has one (tsc writes it without, and turbo's cache restores it so).
'use strict';
require('./built.js')('cli/admin.js', 'social-admin').runAdmin(process.argv);
