// The streaming API in authorized-only mode (AUTHORIZED_ONLY=true), on a server of this run's target
// started for this file: public streams then need a user token too. docs/api/oauth.md#authorized-only-mode.
import { client, parseEnvList, startTarget, Testrig, type RunningTarget, type TestUser } from '@social/testkit';
import { SseStream, UpgradeRefused, WsStream } from '../../../support/streaming';
import { JSON_CONTENT_TYPE } from '../../../support/expectations';
import { TARGET, describeOnEmbeddedAndMulti } from '../../../support/targets';

let target: RunningTarget;
let rig: Testrig;
let user: TestUser;
const closers: Array<() => void> = [];

beforeAll(async () => {
  target = await startTarget(TARGET, {
    env: { ...parseEnvList(process.env.E2E_SERVER_ENV), AUTHORIZED_ONLY: 'true' },
  });
  rig = new Testrig(client(target.baseUrl));
  user = await rig.newUser('walledstream');
}, 120_000);

afterAll(async () => {
  for (const close of closers) close();
  await target?.stop();
}, 60_000);

async function sse(path: string, token?: string) {
  const stream = await SseStream.open(path, { token, base: target.baseUrl });
  closers.push(() => stream.close());
  return stream;
}

describeOnEmbeddedAndMulti('GET /api/v1/streaming/public in authorized-only mode', () => {
  describe('without a token', () => {
    it('answers 401 Missing access token', async () => {
      const stream = await sse('/api/v1/streaming/public');

      expect({ status: stream.status, type: stream.headers['content-type'], body: await stream.json() }).toEqual({
        status: 401,
        type: expect.stringMatching(JSON_CONTENT_TYPE),
        body: { error: 'Missing access token' },
      });
    });
  });

  describe('with a user token', () => {
    it('streams public statuses', async () => {
      const stream = await sse('/api/v1/streaming/public', user.token);
      const status = await rig.post(user.token, 'Members only');

      expect(stream.status).toBe(200);
      expect(JSON.parse((await stream.next('update', (data) => data.includes(status.id))).data)).toMatchObject({ id: status.id });
    });
  });
});

describeOnEmbeddedAndMulti('WebSocket /api/v1/streaming in authorized-only mode', () => {
  describe('without a token', () => {
    it('refuses the upgrade with a bare 401 and X-Error-Message: Missing access token', async () => {
      const refusal = await WsStream.open({ base: target.baseUrl }).then(
        (ws) => (closers.push(() => ws.close()), null),
        (error: unknown) => error,
      );

      expect(refusal).toBeInstanceOf(UpgradeRefused);
      expect({ status: (refusal as UpgradeRefused).status, message: (refusal as UpgradeRefused).headers['x-error-message'] }).toEqual({
        status: 401,
        message: 'Missing access token',
      });
    });
  });
});
