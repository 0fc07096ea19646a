import type { Command } from 'commander';
import type { AdminTokenRecord } from '@social/identity';
import { withContext, type NewContext } from './run.js';

interface SelectorOptions {
  app?: string;
  account?: string;
}

function row(token: AdminTokenRecord): string {
  const state = token.revokedAt ? `revoked ${token.revokedAt.toISOString()}` : 'live';
  const owner = token.account ? `${token.account.username} (${token.account.id})` : '(app token)';
  return [
    String(token.id).padEnd(8),
    `${token.application.name} [${token.application.clientId}]`,
    owner,
    `"${token.scopes}"`,
    `created ${token.createdAt.toISOString()}`,
    token.lastUsedAt ? `used ${token.lastUsedAt.toISOString()}` : 'never used',
    state,
  ].join('  ');
}

export function tokenCommands(program: Command, newContext: NewContext): void {
  const tokens = program.command('tokens').description("List and revoke OAuth access tokens, by app or by account");
  const selectors = (command: Command) =>
    command
      .option('--app <client_id>', "an app's tokens (its client_id)")
      .option('--account <account>', "an account's tokens (username or id)");

  selectors(tokens.command('list').description('List the tokens of an app and/or an account, oldest first'))
    .option('--live', 'only tokens not revoked')
    .action((options: SelectorOptions & { live?: boolean }) =>
      withContext(newContext, async (ctx) => {
        const found = await (await ctx.identity()).listTokens({ clientId: options.app, account: options.account });
        const shown = options.live ? found.filter((token) => !token.revokedAt) : found;
        for (const token of shown) ctx.output.out(row(token));
        ctx.output.out(`${shown.length} token${shown.length === 1 ? '' : 's'} (${shown.filter((token) => !token.revokedAt).length} live).`);
      }),
    );

  selectors(tokens.command('revoke').description('Revoke every live token of an app and/or an account; their streams close'))
    .action((options: SelectorOptions) =>
      withContext(newContext, async (ctx) => {
        const revoked = await (await ctx.identity()).revokeTokens({ clientId: options.app, account: options.account });
        ctx.output.out(`Revoked ${revoked} token${revoked === 1 ? '' : 's'}.`);
      }),
    );
}
