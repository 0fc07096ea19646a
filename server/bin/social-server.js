#!/usr/bin/env node
// `npx social-server [role]`: as social-admin.js, a committed executable in front of the build's output.
'use strict';
require('./built.js')('main.js', 'social-server');
