import type { AdminContext } from './context.js';

/** Builds the context on first use: its modules load only when a command runs (so `--help` is quick). */
export type NewContext = () => Promise<AdminContext>;

/** Exit codes: 1 a command failed (or found problems), 2 the configuration is invalid. */
export const EXIT = { failed: 1, config: 2 } as const;

/** Runs a command with a fresh context, reports its error in one readable block, and always closes what it opened. */
export async function withContext(newContext: NewContext, work: (ctx: AdminContext) => Promise<number | void>): Promise<void> {
  let ctx: AdminContext | undefined;
  try {
    ctx = await newContext();
    const code = await work(ctx);
    if (typeof code === 'number') process.exitCode = code;
  } catch (error) {
    process.exitCode = report(error);
  } finally {
    await ctx?.close().catch(() => undefined);
  }
}

function report(error: unknown): number {
  // By name: the config module is loaded only by commands that need it.
  if (error instanceof Error && error.name === 'ConfigError') {
    process.stderr.write(`${error.message}\nFix the settings above (README, "Configuration"), or run \`social-admin doctor\`.\n`);
    return EXIT.config;
  }
  process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT.failed;
}
