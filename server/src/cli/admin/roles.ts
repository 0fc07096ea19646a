import type { Command } from 'commander';
import type { AuditLogRecord } from '@social/identity';
import { withContext, type NewContext } from './run.js';

function auditRow(entry: AuditLogRecord): string {
  const actor = entry.accountId === null ? '(operator)' : `${entry.actor ?? '?'} (${entry.accountId})`;
  return [entry.createdAt.toISOString(), actor, entry.action, `${entry.targetType} ${entry.targetId}`, entry.details].filter(Boolean).join('  ');
}

/** Staff roles (docs/api/moderation.md#roles) and the audit log of moderator actions. */
export function roleCommands(program: Command, newContext: NewContext): void {
  const role = program.command('role').description('Grant and take away staff roles (Owner, Admin, Moderator)');

  role
    .command('list')
    .description('List the roles with their permission bits')
    .action(() =>
      withContext(newContext, async (ctx) => {
        for (const known of await (await ctx.roles()).listRoles()) {
          ctx.output.out(`${known.name.padEnd(12)} permissions ${known.permissions}  position ${known.position}`);
        }
      }),
    );

  role
    .command('set <account> <role>')
    .description("Give the account's user a role: Owner, Admin or Moderator")
    .action((account: string, name: string) =>
      withContext(newContext, async (ctx) => {
        const result = await (await ctx.roles()).setRole(account, name);
        ctx.output.out(result.changed ? `${result.account.username} is now ${result.role.name}.` : `${result.account.username} already is ${result.role.name}.`);
      }),
    );

  role
    .command('remove <account>')
    .description("Take the account's staff role away")
    .action((account: string) =>
      withContext(newContext, async (ctx) => {
        const result = await (await ctx.roles()).removeRole(account);
        ctx.output.out(result.previous ? `${result.account.username} is no longer ${result.previous.name}.` : `${result.account.username} has no staff role.`);
      }),
    );

  program
    .command('audit-log')
    .description('Show the newest moderator actions: when, who, what, on what')
    .option('--limit <n>', 'how many rows', '50')
    .option('--account <account>', "only this moderator's actions (username or id)")
    .action((options: { limit: string; account?: string }) =>
      withContext(newContext, async (ctx) => {
        const limit = Number(options.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error('--limit must be a whole number from 1 to 10000');
        const rows = await (await ctx.roles()).auditLog({ limit, account: options.account });
        for (const entry of rows) ctx.output.out(auditRow(entry));
        ctx.output.out(`${rows.length} entr${rows.length === 1 ? 'y' : 'ies'}.`);
      }),
    );
}
