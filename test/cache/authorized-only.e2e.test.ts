// The read cache of anonymous GET /api/v1/statuses/:id on a server in authorized-only mode
// (AUTHORIZED_ONLY=true): no anonymous read is ever served, from the cache or not, however
// often the status was read. This file starts its own server of the current target's kind.
import { client, parseEnvList, startTarget, Testrig, type ApiClient, type RunningTarget } from '@social/testkit';
import { expectError, expectJson } from '../support/expectations';
import { readAnonymously, readFresh } from '../support/read-cache';
import { TARGET, describeOnEmbeddedAndMulti } from '../support/targets';

const REQUIRES_USER = 'This API requires an authenticated user';

let target: RunningTarget;
let api: ApiClient;

beforeAll(async () => {
  target = await startTarget(TARGET, {
    env: { ...parseEnvList(process.env.E2E_SERVER_ENV), AUTHORIZED_ONLY: 'true' },
  });
  api = client(target.baseUrl);
}, 120_000);

afterAll(async () => {
  await target?.stop();
}, 60_000);

describeOnEmbeddedAndMulti('GET /api/v1/statuses/:id in authorized-only mode', () => {
  it('answers 401 to every anonymous read, never from the cache, while signed-in reads answer 200 without X-Cache', async () => {
    const rig = new Testrig(api);
    const author = await rig.newUser('cwalled');
    const status = await rig.post(author.token, 'Members only, though public');

    for (let i = 0; i < 6; i++) {
      const signedIn = await api.get(`/api/v1/statuses/${status.id}`, { token: author.token });
      expectJson(signedIn, 200);
      expect(signedIn.headers['x-cache']).toBeUndefined();
      for (const response of [await readAnonymously(api, status.id), await readFresh(api, status.id)]) {
        expectError(response, 401, REQUIRES_USER);
        expect(response.headers['x-cache']).not.toBe('HIT');
      }
    }
  });
});
