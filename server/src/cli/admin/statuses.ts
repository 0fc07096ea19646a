import type { Command } from 'commander';
import { withContext, type NewContext } from './run.js';

export function statusCommands(program: Command, newContext: NewContext): void {
  const statuses = program.command('statuses').description('Statuses');

  statuses
    .command('publish-scheduled')
    .description('Publish now every scheduled status whose time has come (the jobs do this on their own; this catches up when no worker ran)')
    .action(() =>
      withContext(newContext, async (ctx) => {
        // The subgraph's own publishing path (the one its jobs use), run here; its workers are not started.
        const { buildStatuses } = await import('../../subgraphs.js');
        const subgraph = await buildStatuses(await ctx.prisma(), ctx.config, ctx.events(), ctx.logger, ctx.invalidation());
        const published = await subgraph.publishDueScheduledStatuses();
        ctx.output.out(`Published ${published} scheduled status${published === 1 ? '' : 'es'}.`);
      }),
    );
}
