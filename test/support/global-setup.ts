// Starts the target named by E2E_TARGET (default embedded) and publishes its
// base URL in E2E_BASE_URL, which the test files read. With E2E_BASE_URL
// already set, the suite runs against that server and starts nothing.
import { BASE_URL_ENV, GRAPHQL_URL_ENV, isTargetName, STAFF_ENV, startTarget, TARGET_NAMES } from '../../packages/testkit/src';
import { rememberTarget } from './running-target';

export default async function globalSetup(): Promise<void> {
  if (process.env[BASE_URL_ENV]) {
    process.stderr.write(`\n[e2e] testing the running server at ${process.env[BASE_URL_ENV]}\n`);
    return;
  }
  const name = process.env.E2E_TARGET || 'embedded';
  if (!isTargetName(name)) throw new Error(`E2E_TARGET must be one of ${TARGET_NAMES.join(', ')}; got "${name}"`);
  const started = Date.now();
  const target = await startTarget(name, { staff: true });
  rememberTarget(target);
  process.env[BASE_URL_ENV] = target.baseUrl;
  // Tests that must reach behind the API (a scheduled time brought forward) read the database here; none when embedded.
  if (target.backends.DATABASE_URL) process.env.E2E_DATABASE_URL = target.backends.DATABASE_URL;
  // Its Redis, for an admin command run beside it whose events the server must hear (a role taken away).
  if (target.backends.REDIS_URL) process.env.E2E_REDIS_URL = target.backends.REDIS_URL;
  if (target.backends.REDIS_NAMESPACE) process.env.E2E_REDIS_NAMESPACE = target.backends.REDIS_NAMESPACE;
  process.env[GRAPHQL_URL_ENV] = target.graphqlUrl;
  // Its Admin and Moderator, made with the admin CLI before it started (docs/api/moderation.md).
  process.env[STAFF_ENV] = JSON.stringify(target.staff);
  // Its MEDIA_DIR and TMPDIR (media/ and tmp/), for tests that check what an upload leaves on disk.
  process.env.E2E_SERVER_FOLDER = target.tempDir;
  // Every process's base URL by name (facade, gateway, identity...), for tests that scrape each one's /metrics.
  process.env.E2E_PROCESS_URLS = JSON.stringify(Object.fromEntries(target.processes.map((service) => [service.name, service.url])));
  process.stderr.write(`\n[e2e] ${name} target up at ${target.baseUrl} (${target.processes.length} process(es), ${Date.now() - started} ms)\n`);
}
