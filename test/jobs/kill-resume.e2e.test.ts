// The durable queue across a crash: a server process killed with -9 in the middle of
// processing a v2 upload; once restarted, its worker claims the job again when the
// lease runs out and finishes it. The test runs its own server on its own database.
import { Testrig, client, eventually } from '@social/testkit';
import { expectJson } from '../support/expectations';
import * as images from '../support/images';
import { download, expectedImage, upload, waitForProcessing } from '../support/media';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(120_000);

const LEASE_SECONDS = 2;

describeOnSingleTarget('a v2 upload whose server is killed with -9 while processing it', () => {
  let place: Playground;
  const servers: OwnServer[] = [];

  beforeAll(async () => {
    place = await playground({ JOB_LEASE_SECONDS: String(LEASE_SECONDS), RATE_LIMITS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await place.dispose();
  });

  it('is finished by the restarted server once the lease has run out', async () => {
    const port = await freePort();
    const first = await OwnServer.start(port, place.env);
    servers.push(first);
    const api = client(first.baseUrl);
    const user = await new Testrig(api).newUser('crashtest');

    const accepted = await upload(api, 'v2', user.token, { file: await images.slowPhoto() });
    expectJson(accepted, 202);
    const id = accepted.body.id as string;

    // Kill the moment the job is claimed: its full version takes far longer than this poll.
    const claimedBy = await eventually(
      async () => (await place.sql.query<{ locked_by: string | null }>(`SELECT locked_by FROM jobs WHERE queue = 'media.process'`)).rows[0]?.locked_by ?? false,
      { timeoutMs: 10_000, intervalMs: 0, what: 'the processing job to be claimed' },
    );
    await first.kill9();

    expect(claimedBy).toContain(`:${first.pid}:`);
    const afterKill = await place.sql.query(`SELECT attempts, locked_by FROM jobs WHERE queue = 'media.process'`);
    expect(afterKill.rows).toEqual([{ attempts: 1, locked_by: claimedBy }]);
    const row = await place.sql.query(`SELECT processing::text AS processing, file_key FROM media_attachments WHERE id = $1`, [id]);
    expect(row.rows[0].processing).not.toBe('done');
    expect(row.rows[0].file_key).toMatch(/^uploads\//);

    const killedAt = Date.now();
    const second = await OwnServer.start(port, place.env);
    servers.push(second);

    const ready = await waitForProcessing(client(second.baseUrl), id, user.token, 60_000);
    expectJson(ready, 200);
    expect(ready.body).toEqual({ ...expectedImage(second.baseUrl, { extension: 'jpg', original: [3527, 2351], small: [588, 392] }), id });
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 500);
    // The worker deletes the job right after the handler's own commit marked the file ready.
    await eventually(async () => expect((await place.sql.query(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'media.process'`)).rows).toEqual([{ n: 0 }]), { timeoutMs: 5_000, intervalMs: 100 });
    const served = await download(ready.body.url as string);
    expect(served.status).toBe(200);
    expect(await images.inspect(served.data)).toMatchObject({ format: 'jpeg', width: 3527, height: 2351, exif: false });
    expect((await place.sql.query(`SELECT count(*)::int AS n FROM media_attachments WHERE file_key LIKE 'uploads/%'`)).rows).toEqual([{ n: 0 }]);
  });
});
