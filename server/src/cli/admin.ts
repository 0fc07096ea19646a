#!/usr/bin/env node
// social-admin: the operator's commands (accounts, tokens, roles and the audit log, migrations, media, custom emojis, announcements,
// scheduled statuses, doctor), over the server's own configuration and services.
import 'reflect-metadata';
import { Command } from 'commander';
import { accountCommands } from './admin/accounts.js';
import { announcementCommands } from './admin/announcements.js';
import { doctorCommand } from './admin/doctor.js';
import { emojiCommands } from './admin/emojis.js';
import { mediaCommands } from './admin/media.js';
import { migrateCommand } from './admin/migrate.js';
import { statusCommands } from './admin/statuses.js';
import type { NewContext } from './admin/run.js';
import { roleCommands } from './admin/roles.js';
import { tokenCommands } from './admin/tokens.js';

const defaultContext: NewContext = async () => new (await import('./admin/context.js')).AdminContext();

export function adminProgram(newContext: NewContext = defaultContext): Command {
  const program = new Command('social-admin')
    .description(
      'Administer a Social Federation server. Settings come from the environment, as for the server (README, "Configuration"). ' +
        'On the embedded database (no DATABASE_URL) stop the server first.',
    )
    .showHelpAfterError();
  accountCommands(program, newContext);
  tokenCommands(program, newContext);
  roleCommands(program, newContext);
  migrateCommand(program, newContext);
  mediaCommands(program, newContext);
  emojiCommands(program, newContext);
  announcementCommands(program, newContext);
  statusCommands(program, newContext);
  doctorCommand(program, newContext);
  return program;
}

/** Runs the command line (the `social-admin` command, server/bin/social-admin.js, calls this). */
export function runAdmin(argv: readonly string[]): void {
  adminProgram()
    .parseAsync([...argv])
    .catch((error: unknown) => {
      process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}

if (require.main === module) runAdmin(process.argv);
