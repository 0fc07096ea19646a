import type { Command } from 'commander';
import { EXIT, withContext, type NewContext } from './run.js';

export function doctorCommand(program: Command, newContext: NewContext): void {
  program
    .command('doctor')
    .description('Check the configuration, database, migrations, Redis and media storage; say what is wrong and how to fix it (exit 1 on problems)')
    .option('--role <role>', 'check the settings this server role needs (all, or one of the split roles, e.g. gateway)', 'all')
    .action((options: { role: string }) =>
      withContext(newContext, async (ctx) => {
        const { ROLES } = await import('../../config.js');
        if (!(ROLES as readonly string[]).includes(options.role)) throw new Error(`Unknown role "${options.role}". Roles: ${ROLES.join(', ')}`);
        const { diagnose } = await import('./doctor-checks.js');
        const findings = await diagnose(options.role as (typeof ROLES)[number], process.env);
        for (const finding of findings) {
          ctx.output.out(`${finding.outcome.padEnd(5)} ${finding.what}: ${finding.detail}`);
          if (finding.fix && finding.outcome !== 'ok') ctx.output.out(`      fix: ${finding.fix}`);
        }
        const problems = findings.filter((finding) => finding.outcome === 'FAIL').length;
        ctx.output.out(problems === 0 ? 'No problems found.' : `${problems} problem${problems === 1 ? '' : 's'} found.`);
        return problems === 0 ? 0 : EXIT.failed;
      }),
    );
}
