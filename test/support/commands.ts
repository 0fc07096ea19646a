// Commands an operator runs (the admin CLI, npx, the server binary), spawned with the
// environment of this suite minus its own server settings, which must not leak into them.
import { execFile } from 'node:child_process';

/** Settings of the suite's own environment that must not reach a command under test. */
const OWN_SETTINGS = /^(PORT|HOST|PUBLIC_URL|DATA_DIR|MEDIA_DIR|DATABASE_URL|REDIS_URL|REDIS_NAMESPACE|INTERNAL_SECRET|LOG_LEVEL|JOB_.*|RATE_LIMIT.*|.*_URL)$/;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** This process's environment without the suite's server settings, plus `env`. */
export function commandEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OWN_SETTINGS.test(key)));
  return { ...inherited, ...env };
}

/** Runs `file args` to its end: exit code (1 when it could not run or was killed), stdout, stderr. */
export function runCommand(file: string, args: string[], env: Record<string, string>, options: { cwd?: string; timeout?: number } = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { env: commandEnvironment(env), cwd: options.cwd, timeout: options.timeout ?? 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
