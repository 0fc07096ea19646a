// The periodic media vacuum (docs/api/media.md#cleanup): unattached media older than 24 h go with
// their files; media of a posted status stay; staged uploads nobody claimed within an hour
// and interrupted writes are removed. The test runs its own server and moves the clock by
// editing timestamps, then makes the hourly job due.
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Testrig, client, eventually } from '@social/testkit';
import { expectJson } from '../support/expectations';
import * as images from '../support/images';
import { uploaded } from '../support/media';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(120_000);

describeOnSingleTarget('the media vacuum job', () => {
  let place: Playground;
  let server: OwnServer;

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false' });
    server = await OwnServer.start(await freePort(), place.env);
  });
  afterAll(async () => {
    await server?.stop();
    await place.dispose();
  });

  it('removes abandoned media, uploads and partial writes, keeps what a status holds, and runs again an hour later', async () => {
    const api = client(server.baseUrl);
    const rig = new Testrig(api);
    const user = await rig.newUser('vacuum');
    const [abandoned, posted, redrafted, recent] = await Promise.all([1, 2, 3, 4].map(async () => uploaded(api, user.token, { file: await images.png() })));
    await rig.post(user.token, { status: 'kept', media_ids: [posted!.id as string] });
    const gone = await rig.post(user.token, { status: 'deleted later', media_ids: [redrafted!.id as string] });
    expectJson(await api.delete(`/api/v1/statuses/${gone.id}`, { token: user.token }), 200);
    await place.sql.query(`UPDATE media_attachments SET created_at = now() - interval '25 hours' WHERE id = ANY($1::bigint[])`, [[abandoned!.id, posted!.id, redrafted!.id]]);

    const fileOf = (url: unknown) => path.join(place.mediaDir, new URL(url as string).pathname.replace(/^\/system\//, ''));
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const staleUpload = path.join(place.mediaDir, 'uploads', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    const freshUpload = path.join(place.mediaDir, 'uploads', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    const partialWrite = path.join(place.mediaDir, 'tmp', 'cccccccccccccccccccccccc');
    await mkdir(path.dirname(partialWrite), { recursive: true });
    for (const file of [staleUpload, freshUpload, partialWrite]) await writeFile(file, 'bytes');
    await utimes(staleUpload, twoHoursAgo, twoHoursAgo);
    await utimes(partialWrite, twoHoursAgo, twoHoursAgo);

    await place.sql.query(`UPDATE jobs SET run_at = now() WHERE queue = 'media.vacuum'`);
    // The run is over once the periodic job is back in the queue for its next time.
    const vacuumJob = async () => (await place.sql.query(`SELECT count(*)::int AS n, min(run_at) > now() + interval '50 minutes' AS later FROM jobs WHERE queue = 'media.vacuum'`)).rows;
    await eventually(async () => (await vacuumJob())[0]?.later === true, { timeoutMs: 20_000, intervalMs: 100, what: 'the vacuum run to end' });

    const { rows } = await place.sql.query<{ id: string }>(`SELECT id::text FROM media_attachments ORDER BY id`);
    expect(rows.map((row) => row.id).sort()).toEqual([posted!.id, recent!.id].sort());
    expect([abandoned, redrafted].flatMap((media) => [media!.url, media!.preview_url]).map((url) => existsSync(fileOf(url)))).toEqual([false, false, false, false]);
    expect([posted, recent].map((media) => existsSync(fileOf(media!.url)))).toEqual([true, true]);
    expect([existsSync(staleUpload), existsSync(freshUpload), existsSync(partialWrite)]).toEqual([false, true, false]);
    expect(await vacuumJob()).toEqual([{ n: 1, later: true }]);
  });
});
