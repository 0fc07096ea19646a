import type { Command } from 'commander';
import type { AdminAccountRecord } from '@social/identity';
import { withContext, type NewContext } from './run.js';

function describe(account: AdminAccountRecord): string {
  return `${account.username} (id ${account.id})`;
}

export function accountCommands(program: Command, newContext: NewContext): void {
  const accounts = program.command('accounts').description('Create and manage local accounts');

  accounts
    .command('create')
    .description('Create an account with a generated password, printed once')
    .argument('<username>', 'letters, digits and underscores, at most 30')
    .requiredOption('--email <address>', "the account's e-mail address (its login)")
    .option('--unconfirmed', 'leave the e-mail unconfirmed: no sign-in until `accounts confirm`')
    .option('--role <role>', 'give it a staff role at once: Owner, Admin or Moderator (as `role set`)')
    .action((username: string, options: { email: string; unconfirmed?: boolean; role?: string }) =>
      withContext(newContext, async (ctx) => {
        const identity = await ctx.identity();
        const { account, password } = await identity.createAccount({ username, email: options.email, confirmed: !options.unconfirmed });
        ctx.output.out(`Created ${describe(account)}${options.unconfirmed ? ', unconfirmed' : ''}.`);
        if (options.role) ctx.output.out(`${account.username} is now ${(await (await ctx.roles()).setRole(String(account.id), options.role)).role.name}.`);
        ctx.output.out(`Password: ${password}`);
        ctx.output.out('It is shown only now; sign in with the e-mail address and this password.');
      }),
    );

  accounts
    .command('reset-password')
    .description("Give an account a new generated password (printed once) and revoke all of its tokens")
    .argument('<account>', 'username or account id')
    .action((handle: string) =>
      withContext(newContext, async (ctx) => {
        const { account, password, revoked } = await (await ctx.identity()).resetPassword(handle);
        ctx.output.out(`New password of ${describe(account)}: ${password}`);
        ctx.output.out(`Revoked ${revoked} token${revoked === 1 ? '' : 's'}; every app must sign in again.`);
      }),
    );

  accounts
    .command('confirm')
    .description("Confirm an account's e-mail address, so it can sign in")
    .argument('<account>', 'username or account id')
    .action((handle: string) =>
      withContext(newContext, async (ctx) => {
        const { account, changed } = await (await ctx.identity()).confirm(handle);
        ctx.output.out(changed ? `Confirmed ${describe(account)}.` : `${describe(account)} was already confirmed.`);
      }),
    );

  accounts
    .command('suspend')
    .description('Suspend an account, as a moderator would: everything of it hidden, its sign-in and tokens refused, its streams closed; its data deleted 30 days later unless unsuspended')
    .argument('<account>', 'username or account id')
    .action((handle: string) =>
      withContext(newContext, async (ctx) => {
        const { account, changed } = await (await ctx.identity()).suspend(handle);
        ctx.output.out(changed ? `Suspended ${describe(account)}.` : `${describe(account)} was already suspended.`);
      }),
    );

  accounts
    .command('unsuspend')
    .description('Lift a suspension before its data is deleted: everything of it shows again, sign-in and the existing tokens work again')
    .argument('<account>', 'username or account id')
    .action((handle: string) =>
      withContext(newContext, async (ctx) => {
        const { account, changed } = await (await ctx.identity()).unsuspend(handle);
        ctx.output.out(changed ? `Unsuspended ${describe(account)}.` : `${describe(account)} was not suspended.`);
      }),
    );

  accounts
    .command('delete')
    .description(
      'Delete an account: its statuses, scheduled statuses, favourites, follows and media, its login and tokens. ' +
        'The username stays taken (as in Mastodon, the row is kept blank and suspended)',
    )
    .argument('<account>', 'username or account id')
    .option('-y, --yes', 'do not ask (required when not on a terminal)')
    .action((handle: string, options: { yes?: boolean }) =>
      withContext(newContext, async (ctx) => {
        const identity = await ctx.identity();
        const account = await identity.findAccount(handle);
        if (!options.yes) throw new Error(`This deletes ${describe(account)} for good; run again with --yes to go ahead.`);
        // The deletion job's steps (docs/api/moderation.md#deleting-an-account), run here one after the other:
        // identity's first (suspended if it was not, its login and tokens gone, so no new activity while its content goes).
        const { revoked } = await identity.deleteAccount(account);
        const { buildStatuses } = await import('../../subgraphs.js');
        const statusesSubgraph = await buildStatuses(await ctx.prisma(), ctx.config, ctx.events(), ctx.logger, ctx.invalidation());
        const progress = ctx.output.progress('statuses deleted');
        const activity = await statusesSubgraph.purgeAccount(account.id, () => progress.tick());
        progress.finish();
        const media = await (await ctx.media()).removeUnattached(new Date(), undefined, account.id);
        ctx.output.out(
          `Deleted ${describe(account)}: ${activity.statuses} statuses, ${activity.scheduled} scheduled statuses, ${activity.favourites} favourites, ` +
            `${activity.follows} follows, ${media} media attachments, ${revoked} live tokens revoked.`,
        );
      }),
    );
}
