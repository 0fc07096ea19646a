// The admin CLI (`social-admin`, server/dist/cli/admin.js), spawned as an
// operator runs it, against a fresh PostgreSQL database and a server of its
// own: what each command prints, its exit code, and what it did as clients see it.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Testrig, client, emailOf, eventually, uniqueUsername, type ApiClient, type CredentialApplication } from '@social/testkit';
import * as images from '../support/images';
import { runCommand, type Run } from '../support/commands';
import { uploaded } from '../support/media';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(180_000);

const ADMIN = path.resolve(__dirname, '../../server/dist/cli/admin.js');

function admin(args: string[], env: Record<string, string>): Promise<Run> {
  return runCommand(process.execPath, [ADMIN, ...args], env);
}

/** The generated password a create or reset printed. */
function passwordIn(stdout: string): string {
  const match = /Password: (\S+)|New password of \S+ \(id \d+\): (\S+)/.exec(stdout);
  if (!match) throw new Error(`no password in:\n${stdout}`);
  return (match[1] ?? match[2]) as string;
}

/**
 * GET /api/v1/accounts/verify_credentials's status once it is `expected`, or
 * the last one after a generous deadline: a token's end reaches the server's
 * principal cache as an event through Redis, a moment after the command exits.
 */
async function credentialsStatus(api: ApiClient, token: string, expected: number): Promise<number> {
  let status = 0;
  await eventually(async () => (status = (await api.get('/api/v1/accounts/verify_credentials', { token })).status) === expected, { timeoutMs: 15_000, intervalMs: 100 }).catch(() => undefined);
  return status;
}

async function passwordGrant(api: ApiClient, app: CredentialApplication, email: string, password: string) {
  return api.postForm('/oauth/token', {
    grant_type: 'password', client_id: app.client_id, client_secret: app.client_secret, username: email, password, scope: 'read write',
  });
}

describeOnSingleTarget('social-admin', () => {
  let place: Playground;
  let env: Record<string, string>;
  let server: OwnServer | undefined;
  let api: ApiClient;
  let rig: Testrig;
  let app: CredentialApplication;

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false' });
    env = { ...place.env, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_NAMESPACE: `admin-${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'warn' };
  });
  afterAll(async () => {
    await server?.stop();
    await place?.dispose();
  });

  describe('before the server runs', () => {
    it('--help works on every command', async () => {
      const seen: string[] = [];
      const visit = async (command: string[]): Promise<void> => {
        const run = await admin([...command, '--help'], env);
        expect({ command, code: run.code, usage: run.stdout.startsWith(`Usage: social-admin${command.length ? ` ${command.join(' ')}` : ''}`) }).toEqual({ command, code: 0, usage: true });
        seen.push(command.join(' '));
        const commands = run.stdout.split(/^Commands:$/m)[1] ?? '';
        const names = [...commands.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1] as string).filter((name) => name !== 'help');
        for (const name of names) await visit([...command, name]);
      };
      await visit([]);
      expect(seen.sort()).toEqual(
        [
          '', 'accounts', 'announcements', 'announcements create', 'announcements delete', 'announcements list', 'announcements publish', 'announcements unpublish', 'accounts confirm', 'accounts create', 'accounts delete', 'accounts reset-password', 'accounts suspend', 'accounts unsuspend',
          'audit-log', 'doctor', 'emoji', 'emoji add', 'emoji list', 'emoji remove', 'media', 'media clean', 'media reprocess', 'migrate', 'role', 'role list', 'role remove', 'role set',
          'statuses', 'statuses publish-scheduled', 'tokens', 'tokens list', 'tokens revoke',
        ].sort(),
      );
    });

    it('doctor lists every problem of an invalid configuration at once, and exits 1', async () => {
      const run = await admin(['doctor'], { ...env, PORT: 'eighty', DATABASE_URL: 'mysql://db/social', REDIS_URL: 'localhost:6379' });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^FAIL {2}configuration: PORT: .+$/m);
      expect(run.stdout).toMatch(/^FAIL {2}configuration: DATABASE_URL: must be a postgres:\/\/ URL$/m);
      expect(run.stdout).toMatch(/^FAIL {2}configuration: REDIS_URL: must be a redis:\/\/ URL$/m);
      expect(run.stdout).toMatch(/^ {6}fix: fix the settings listed above/m);
      expect(run.stdout).toMatch(/^3 problems found\.$/m);
    });

    it('an invalid configuration stops the server at start-up and any command, every problem listed, exit 2', async () => {
      const bad = { ...env, PORT: 'eighty', DATABASE_POOL_SIZE: '0', RATE_LIMIT_SIGN_UP: 'often' };
      const expected = [
        'Invalid configuration:',
        '  - PORT: Invalid input: expected number, received NaN',
        '  - DATABASE_POOL_SIZE: Too small: expected number to be >=1',
        '  - RATE_LIMIT_SIGN_UP: must be "points/seconds", e.g. 300/300',
      ].join('\n');
      const server = await runCommand(process.execPath, [path.resolve(__dirname, '../../server/dist/main.js'), 'all'], bad, { timeout: 60_000 });
      expect({ code: server.code, stderr: server.stderr.trim() }).toEqual({ code: 2, stderr: expected });
      const command = await admin(['tokens', 'list', '--account', 'someone'], bad);
      expect({ code: command.code, stderr: command.stderr.trim() }).toEqual({
        code: 2,
        stderr: `${expected}\nFix the settings above (README, "Configuration"), or run \`social-admin doctor\`.`,
      });
    });

    it("doctor checks a role's required settings", async () => {
      const run = await admin(['doctor', '--role', 'gateway'], env);
      expect(run.code).toBe(1);
      for (const key of ['INTERNAL_SECRET', 'IDENTITY_URL', 'STATUSES_URL', 'MEDIA_URL']) {
        expect(run.stdout).toContain(`FAIL  configuration: ${key}: is required for the gateway role`);
      }
    });

    it('doctor finds an unreachable database, an unreachable Redis and unwritable media storage, and says how to fix each', async () => {
      const blocker = path.join(place.dataDir, 'a-file');
      await mkdir(place.dataDir, { recursive: true });
      await writeFile(blocker, 'not a folder');
      const run = await admin(['doctor'], { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/social', REDIS_URL: 'redis://127.0.0.1:1', MEDIA_DIR: path.join(blocker, 'media') });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^ok {4}configuration: valid for the all role$/m);
      expect(run.stdout).toMatch(/^FAIL {2}database: PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/social: .+\n {6}fix: start PostgreSQL, or correct the host and port in DATABASE_URL$/m);
      expect(run.stdout).toMatch(/^skip {2}migrations: the database is not reachable$/m);
      expect(run.stdout).toMatch(/^FAIL {2}redis: redis:\/\/127\.0\.0\.1:1: .+\n {6}fix: start Redis/m);
      expect(run.stdout).toMatch(/^FAIL {2}media storage: .+\n {6}fix: make the folder writable/m);
      expect(run.stdout).toMatch(/^3 problems found\.$/m);
    });

    it('doctor sees the pending migrations of a new database', async () => {
      const run = await admin(['doctor'], env);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^ok {4}database: PostgreSQL at .+ is reachable$/m);
      expect(run.stdout).toMatch(/^FAIL {2}migrations: \d+ pending \(.+\); 0 applied\n {6}fix: run `social-admin migrate`/m);
      expect(run.stdout).toMatch(/^ok {4}redis: redis:\/\/127\.0\.0\.1:6379\/? answers PONG$/m);
      expect(run.stdout).toMatch(/^ok {4}media storage: .+ is writable$/m);
      expect(run.stdout).toMatch(/^1 problem found\.$/m);
    });

    it('any other command on the new database says, in one line, to migrate first', async () => {
      const run = await admin(['accounts', 'create', 'too_early', '--email', 'too_early@example.com'], env);

      expect({ code: run.code, stderr: run.stderr }).toEqual({
        code: 1,
        stderr: expect.stringMatching(/^Error: The database has \d+ pending migrations: run `social-admin migrate` \(or `npm run db:migrate`\) first\.\n$/),
      });
    });

    it('migrate applies every migration, a line each, then finds nothing to do', async () => {
      const status = await admin(['migrate', '--status'], env);
      expect(status.code).toBe(1);
      const pending = status.stdout.match(/^pending {3}\S+$/gm) ?? [];
      expect(pending.length).toBeGreaterThan(0);

      const run = await admin(['migrate'], env);
      expect(run.code).toBe(0);
      expect(run.stdout.match(/^Applied \d{14}_\w+$/gm)).toHaveLength(pending.length);
      expect(run.stdout).toContain(`Applied ${pending.length} migrations; 0 were applied before.`);
      expect(run.stderr).toBe('');

      const again = await admin(['migrate'], env);
      expect(again.stdout.trim()).toBe(`Database is up to date (${pending.length} migrations).`);
      expect((await admin(['migrate', '--status'], env)).code).toBe(0);
    });

    it('doctor passes on the migrated database', async () => {
      const run = await admin(['doctor'], env);
      expect(run.stdout).toMatch(/^No problems found\.$/m);
      expect(run.code).toBe(0);
    });
  });

  describe('with the server running', () => {
    beforeAll(async () => {
      server = await OwnServer.start(await freePort(), env);
      api = client(server.baseUrl);
      rig = new Testrig(api);
      app = await rig.registerApp();
    });

    it('accounts create prints a password once, which signs in with the password grant', async () => {
      const username = uniqueUsername('created');
      const run = await admin(['accounts', 'create', username, '--email', emailOf(username)], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Created ${username} \\(id \\d+\\)\\.\\nPassword: [A-Za-z0-9_-]{24}\\nIt is shown only now`));
      const token = await passwordGrant(api, app, emailOf(username), passwordIn(run.stdout));
      expect(token.status).toBe(200);
      expect((await rig.verifyCredentials(token.body.access_token as string)).username).toBe(username);

      const taken = await admin(['accounts', 'create', username, '--email', 'other@example.com'], env);
      expect({ code: taken.code, stderr: taken.stderr.trim() }).toEqual({ code: 1, stderr: 'Error: Validation failed: Username has already been taken' });
      const invalid = await admin(['accounts', 'create', 'not valid!', '--email', 'nope'], env);
      expect({ code: invalid.code, stderr: invalid.stderr.trim() }).toEqual({
        code: 1,
        stderr: 'Error: Validation failed: Username must contain only letters, numbers and underscores, Email is invalid',
      });
    });

    it('an unconfirmed account cannot sign in until accounts confirm', async () => {
      const username = uniqueUsername('unconfirmed');
      const created = await admin(['accounts', 'create', username, '--email', emailOf(username), '--unconfirmed'], env);
      expect(created.stdout).toContain(', unconfirmed.');
      const password = passwordIn(created.stdout);
      expect((await passwordGrant(api, app, emailOf(username), password)).body).toEqual(expect.objectContaining({ error: 'invalid_grant' }));

      const confirmed = await admin(['accounts', 'confirm', username], env);
      expect(confirmed.stdout).toMatch(new RegExp(`^Confirmed ${username} \\(id \\d+\\)\\.$`, 'm'));
      expect((await passwordGrant(api, app, emailOf(username), password)).status).toBe(200);
      expect((await admin(['accounts', 'confirm', username], env)).stdout).toContain('was already confirmed');
    });

    it('accounts reset-password gives a new password and revokes the old tokens', async () => {
      const user = await rig.newUser('reset');
      const run = await admin(['accounts', 'reset-password', user.username], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Revoked 1 token; every app must sign in again.');
      expect(await credentialsStatus(api, user.token, 401)).toBe(401);
      expect((await passwordGrant(api, user.app, user.email, user.password)).status).toBe(400);
      expect((await passwordGrant(api, user.app, user.email, passwordIn(run.stdout))).status).toBe(200);
    });

    it('a suspended account is refused (sign-in and tokens), and unsuspending gives its tokens back', async () => {
      const user = await rig.newUser('suspended');
      const run = await admin(['accounts', 'suspend', `@${user.username}`], env);
      expect(run.stdout.trim()).toBe(`Suspended ${user.username} (id ${user.account.id}).`);
      expect(await credentialsStatus(api, user.token, 403)).toBe(403);
      expect((await passwordGrant(api, user.app, user.email, user.password)).body).toEqual(expect.objectContaining({ error: 'invalid_grant' }));
      expect((await admin(['accounts', 'suspend', user.account.id], env)).stdout).toContain('was already suspended');

      const lifted = await admin(['accounts', 'unsuspend', user.username], env);
      expect(lifted.stdout.trim()).toBe(`Unsuspended ${user.username} (id ${user.account.id}).`);
      expect(await credentialsStatus(api, user.token, 200)).toBe(200);
      expect((await passwordGrant(api, user.app, user.email, user.password)).status).toBe(200);
    });

    it('names an unknown account plainly', async () => {
      const run = await admin(['accounts', 'suspend', 'nobody_here'], env);
      expect({ code: run.code, stderr: run.stderr.trim() }).toEqual({ code: 1, stderr: 'Error: No account nobody_here' });
    });

    it('tokens list and revoke, by account and by app', async () => {
      const user = await rig.newUser('tokens');
      const second = (await passwordGrant(api, user.app, user.email, user.password)).body.access_token as string;
      const other = await rig.newUser('bystander');

      const listed = await admin(['tokens', 'list', '--account', user.username], env);
      const rows = listed.stdout.trim().split('\n');
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatch(new RegExp(`^\\d+ +e2e fixture \\[${user.app.client_id}\\]  ${user.username} \\(${user.account.id}\\)  "read write follow push"  created \\S+  (never used|used \\S+)  live$`));
      expect(rows[2]).toBe('2 tokens (2 live).');

      // The app's tokens: the app token its sign-up used, and the user's two.
      const byApp = await admin(['tokens', 'list', '--app', user.app.client_id], env);
      expect(byApp.stdout).toMatch(/ {2}\(app token\) {2}"write" {2}/);
      expect(byApp.stdout).toMatch(/^3 tokens \(3 live\)\.$/m);

      const revoked = await admin(['tokens', 'revoke', '--app', user.app.client_id], env);
      expect(revoked.stdout.trim()).toBe('Revoked 3 tokens.');
      for (const token of [user.token, second]) expect(await credentialsStatus(api, token, 401)).toBe(401);
      expect((await api.get('/api/v1/accounts/verify_credentials', { token: other.token })).status).toBe(200);
      expect((await admin(['tokens', 'list', '--account', user.username, '--live'], env)).stdout.trim()).toBe('0 tokens (0 live).');

      const byAccount = await admin(['tokens', 'revoke', '--account', other.username], env);
      expect(byAccount.stdout.trim()).toBe('Revoked 1 token.');
      expect(await credentialsStatus(api, other.token, 401)).toBe(401);

      const neither = await admin(['tokens', 'revoke'], env);
      expect({ code: neither.code, stderr: neither.stderr.trim() }).toEqual({ code: 1, stderr: 'Error: Name an app (its client_id) or an account' });
    });

    it('media clean removes unattached media older than the given hours, keeps the rest', async () => {
      const user = await rig.newUser('media');
      const [old, recent, posted] = await Promise.all([1, 2, 3].map(async () => uploaded(api, user.token, { file: await images.png() })));
      await rig.post(user.token, { status: 'with media', media_ids: [posted!.id as string] });
      await place.sql.query(`UPDATE media_attachments SET created_at = now() - interval '30 hours' WHERE id = ANY($1::bigint[])`, [[old!.id, posted!.id]]);
      await place.sql.query(`UPDATE media_attachments SET created_at = now() - interval '3 hours' WHERE id = $1`, [recent!.id]);

      const run = await admin(['media', 'clean'], env);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe('Removed 1 unattached media attachment older than 24 h and 0 abandoned uploads.');
      expect(run.stderr).toContain('unattached media removed: 1 done');
      expect((await api.get(`/api/v1/media/${old!.id}`, { token: user.token })).status).toBe(404);
      expect((await api.get(`/api/v1/media/${recent!.id}`, { token: user.token })).status).toBe(200);

      const shorter = await admin(['media', 'clean', '--older-than', '2'], env);
      expect(shorter.stdout).toContain('Removed 1 unattached media attachment older than 2 h');
      expect((await api.get(`/api/v1/media/${recent!.id}`, { token: user.token })).status).toBe(404);
      // An attached one is not served by GET /api/v1/media/:id (Mastodon's rule): it is in the table still.
      const { rows } = await place.sql.query('SELECT id::text FROM media_attachments WHERE account_id = $1', [user.account.id]);
      expect(rows).toEqual([{ id: posted!.id }]);

      expect((await admin(['media', 'clean', '--older-than', 'soon'], env)).code).toBe(1);
    });

    it('media reprocess enqueues failed media again with --failed, and the worker finishes them', async () => {
      const user = await rig.newUser('reprocess');
      const id = (await uploaded(api, user.token, { file: await images.png() })).id as string;
      // Make it an upload whose processing failed for good, its staged file still there.
      const staged = `uploads/${randomBytes(16).toString('hex')}`;
      await mkdir(path.join(place.mediaDir, 'uploads'), { recursive: true });
      const image = await images.png();
      await writeFile(path.join(place.mediaDir, staged), image.data);
      await place.sql.query(`UPDATE media_attachments SET file_key = $2, processing = 'failed' WHERE id = $1`, [id, staged]);
      expect((await api.get(`/api/v1/media/${id}`, { token: user.token })).status).not.toBe(200);

      const without = await admin(['media', 'reprocess'], env);
      expect(without.stdout.trim()).toBe('Enqueued 0 media attachments for processing.');

      const run = await admin(['media', 'reprocess', '--failed', '--id', id], env);
      expect(run.stdout).toBe(`enqueued ${id}\nEnqueued 1 media attachment for processing.\n`);
      expect(run.stderr).toContain('media enqueued: 1/1 (100%) done');
      await eventually(
        async () => expect((await place.sql.query<{ processing: string }>('SELECT processing FROM media_attachments WHERE id = $1', [id])).rows[0]?.processing).toBe('done'),
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      const media = await api.get(`/api/v1/media/${id}`, { token: user.token });
      expect(media.status).toBe(200);
      expect(media.body.url).toEqual(expect.stringContaining('/system/media_attachments/files/'));
    });

    it('statuses publish-scheduled publishes the due scheduled statuses whose jobs did not run', async () => {
      const user = await rig.newUser('scheduler');
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const scheduled = await api.postForm('/api/v1/statuses', { status: 'from the past', scheduled_at: later }, { token: user.token });
      expect(scheduled.status).toBe(200);
      // As if no worker had run: due now, and its job lost.
      await place.sql.query(`UPDATE scheduled_statuses SET scheduled_at = now() - interval '1 minute' WHERE id = $1`, [scheduled.body.id]);
      await place.sql.query(`DELETE FROM jobs WHERE queue = 'statuses.publish-scheduled' AND payload->>'scheduledStatusId' = $1`, [scheduled.body.id]);

      const run = await admin(['statuses', 'publish-scheduled'], env);
      expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: 'Published 1 scheduled status.\n', stderr: '' });
      const statuses = await api.get(`/api/v1/accounts/${user.account.id}/statuses`, { token: user.token });
      expect((statuses.body as unknown as Array<{ content: string }>).map((status) => status.content)).toEqual(['<p>from the past</p>']);
      expect((await api.get('/api/v1/scheduled_statuses', { token: user.token })).body).toEqual([]);
      expect((await admin(['statuses', 'publish-scheduled'], env)).stdout).toBe('Published 0 scheduled statuses.\n');
    });

    it('accounts delete removes statuses and media, the login and tokens, and keeps the username taken', async () => {
      const user = await rig.newUser('deleted');
      const media = await uploaded(api, user.token, { file: await images.png() });
      const first = await rig.post(user.token, { status: 'first', media_ids: [media.id as string] });
      const second = await rig.post(user.token, 'second');
      const reader = await rig.newUser('reader');
      const readersPost = await rig.post(reader.token, 'liked by the deleted one');
      expect((await api.postForm(`/api/v1/statuses/${readersPost.id}/favourite`, {}, { token: user.token })).status).toBe(200);
      expect((await api.postForm(`/api/v1/accounts/${reader.account.id}/follow`, {}, { token: user.token })).status).toBe(200);
      const later = new Date(Date.now() + 3_600_000).toISOString();
      expect((await api.postForm('/api/v1/statuses', { status: 'never', scheduled_at: later }, { token: user.token })).status).toBe(200);

      const refused = await admin(['accounts', 'delete', user.username], env);
      expect({ code: refused.code, stderr: refused.stderr.trim() }).toEqual({
        code: 1,
        stderr: `Error: This deletes ${user.username} (id ${user.account.id}) for good; run again with --yes to go ahead.`,
      });
      expect((await api.get(`/api/v1/statuses/${first.id}`, { token: reader.token })).status).toBe(200);

      const run = await admin(['accounts', 'delete', user.username, '--yes'], env);
      expect({ code: run.code, stderr: run.stderr.replace(/^statuses deleted: .*\n/m, '') }).toEqual({ code: 0, stderr: '' });
      expect(run.stdout.trim()).toBe(
        `Deleted ${user.username} (id ${user.account.id}): 2 statuses, 1 scheduled statuses, 1 favourites, 1 follows, 1 media attachments, 1 live tokens revoked.`,
      );
      expect(run.stderr).toContain('statuses deleted: 2 done');
      const readerNow = await rig.verifyCredentials(reader.token);
      expect(readerNow.followers_count).toBe(0);
      expect((await api.get(`/api/v1/statuses/${readersPost.id}`, { token: reader.token })).body.favourites_count).toBe(0);
      expect((await place.sql.query('SELECT count(*)::int AS n FROM scheduled_statuses WHERE account_id = $1', [user.account.id])).rows).toEqual([{ n: 0 }]);
      for (const status of [first, second]) expect((await api.get(`/api/v1/statuses/${status.id}`, { token: reader.token })).status).toBe(404);
      expect(await credentialsStatus(api, user.token, 401)).toBe(401);
      expect((await passwordGrant(api, user.app, user.email, user.password)).status).toBe(400);
      const { rows } = await place.sql.query('SELECT count(*)::int AS n FROM media_attachments WHERE account_id = $1', [user.account.id]);
      expect(rows).toEqual([{ n: 0 }]);
      const again = await admin(['accounts', 'create', user.username, '--email', user.email], env);
      expect(again.stderr.trim()).toBe('Error: Validation failed: Username has already been taken');
      expect((await admin(['accounts', 'unsuspend', user.username], env)).stderr).toContain('was deleted');
    });
  });
});
