// Stops the target globalSetup started: SIGTERM (SIGKILL after a timeout),
// then drops its database and temporary folders.
import { BASE_URL_ENV } from '../../packages/testkit/src';
import { forgetTarget } from './running-target';

export default async function globalTeardown(): Promise<void> {
  const target = forgetTarget();
  if (!target) return;
  const exits = await target.stop();
  delete process.env[BASE_URL_ENV];
  for (const exit of exits.filter((e) => !e.clean)) {
    process.stderr.write(`[e2e] warning: the ${exit.name} process did not exit 0 on SIGTERM (${exit.exit})\n`);
  }
}
