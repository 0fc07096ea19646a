// Web Push delivery (docs/api/push.md#delivery): a notification recorded for a subscribed user is
// encrypted for the subscription's keys, VAPID-signed and POSTed to its endpoint, here a push service
// on this machine's loopback (test/support/push-endpoint.ts) that decrypts and checks it as a browser
// would. Alerts and policies decide what is sent; a 410 removes the subscription, a 500 is retried.
// Mastodon's NotifyService#push_notification!, Web::PushNotificationWorker, Web::NotificationSerializer.
import { eventually, type TestUser } from '@social/testkit';
import { expectError, expectJson, RECORD_NOT_FOUND } from '../../../support/expectations';
import { act, follow } from '../../../support/interactions';
import { decryptPush, PushEndpoint, verifyVapid, type PushDevice, type ReceivedPush } from '../../../support/push-endpoint';
import { api, rig } from '../../../support/server';

const PATH = '/api/v1/push/subscription';
/** Long enough for a job enqueued before the one awaited to have been sent too (the worker runs two at once). */
const SETTLE_MS = 1_500;

interface Subscribed {
  token: string;
  device: PushDevice;
  serverKey: string;
}

describe('Web Push delivery', () => {
  let push: PushEndpoint;
  let alice: TestUser;
  let bob: TestUser;

  /** A fresh push-scoped token of alice's, subscribed with a new device. */
  async function subscribe(data: Record<string, unknown>, standard = false): Promise<Subscribed> {
    const token = await rig.passwordToken(alice.app, alice.email, alice.password, 'read write push');
    const device = push.device();
    const response = await api.postJson<{ server_key: string }>(PATH, { subscription: { endpoint: device.endpoint, keys: device.keys, standard }, data }, { token });
    expectJson(response, 200);
    return { token, device, serverKey: response.body.server_key };
  }

  /** The pushes of the device once there are `count`, after a moment more to see that no other comes. */
  async function pushesOnce(device: PushDevice, count: number): Promise<ReceivedPush[]> {
    await eventually(() => push.pushesTo(device).length >= count, { what: `${count} push(es) to ${device.path}` });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return push.pushesTo(device);
  }

  /** Bob mentions alice; resolves to the status's id. */
  async function mention(text: string): Promise<string> {
    return (await rig.post(bob.token, `@${alice.username} ${text}`)).id;
  }

  async function latestNotificationId(token: string, type: string): Promise<number> {
    const response = await api.get<Array<{ id: string; type: string }>>(`/api/v1/notifications?types[]=${type}&limit=1`, { token });
    expectJson(response, 200);
    return Number(response.body[0]?.id);
  }

  const nameOf = (user: TestUser) => user.account.display_name || user.username;

  beforeAll(async () => {
    push = await PushEndpoint.start();
    [alice, bob] = await Promise.all([rig.newUser('pushalice'), rig.newUser('pushbob')]);
  });

  afterAll(() => push.close());

  it('sends a favourite as an RFC 8291 aes128gcm push with an RFC 8292 VAPID header (standard)', async () => {
    const { token, device, serverKey } = await subscribe({ alerts: { favourite: true } }, true);
    const status = await rig.post(alice.token, 'Push me gently');
    const started = Math.floor(Date.now() / 1000);
    await act(bob, status.id, 'favourite');

    const [received] = await pushesOnce(device, 1);
    expect(received.headers).toMatchObject({
      'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ttl: '172800', urgency: 'normal',
      authorization: expect.stringMatching(/^vapid t=[\w.-]+, k=[\w-]+$/),
    });
    const claims = verifyVapid(received, serverKey);
    expect(claims).toEqual({ aud: push.origin, exp: expect.any(Number), sub: expect.stringMatching(/^(https:\/\/|mailto:)/) });
    expect(claims.exp).toBeGreaterThan(started);
    expect(claims.exp).toBeLessThanOrEqual(started + 24 * 60 * 60 + 60);
    expect(decryptPush(received, device)).toEqual({
      access_token: token,
      preferred_locale: 'en',
      notification_id: await latestNotificationId(alice.token, 'favourite'),
      notification_type: 'favourite',
      icon: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/avatars\/original\/missing\.png$/),
      title: `${nameOf(bob)} favorited your post`,
      body: 'Push me gently',
    });
  });

  it("sends a mention as an aesgcm push with the draft's WebPush header, Mastodon's default", async () => {
    const { token, device, serverKey } = await subscribe({ alerts: { mention: true } });
    await mention('are you there?');

    const [received] = await pushesOnce(device, 1);
    expect(received.headers).toMatchObject({
      'content-encoding': 'aesgcm', ttl: '172800', urgency: 'normal',
      encryption: expect.stringMatching(/^salt=[\w-]+$/),
      'crypto-key': expect.stringMatching(new RegExp(`^dh=[\\w-]+;p256ecdsa=${serverKey}$`)),
      authorization: expect.stringMatching(/^WebPush [\w.-]+$/),
    });
    expect(verifyVapid(received, serverKey).aud).toBe(push.origin);
    expect(decryptPush(received, device)).toEqual({
      access_token: token,
      preferred_locale: 'en',
      notification_id: await latestNotificationId(alice.token, 'mention'),
      notification_type: 'mention',
      icon: expect.stringMatching(/\/avatars\/original\/missing\.png$/),
      title: `You were mentioned by ${nameOf(bob)}`,
      body: `@${alice.username} are you there?`,
    });
  });

  it('sends nothing for an alert that is off, nor with the policy none; a PUT turning them on does', async () => {
    const { token, device } = await subscribe({ alerts: { mention: true } });
    const status = await rig.post(alice.token, 'Favourite this quietly');
    await act(bob, status.id, 'favourite');
    await mention('first');
    const first = await pushesOnce(device, 1);
    expect(first.map((received) => decryptPush(received, device).notification_type)).toEqual(['mention']);

    expectJson(await api.send('PUT', PATH, { token, contentType: 'application/json', body: JSON.stringify({ data: { alerts: { mention: true }, policy: 'none' } }) }), 200);
    await mention('second, unheard');
    expectJson(await api.send('PUT', PATH, { token, contentType: 'application/json', body: JSON.stringify({ data: { alerts: { mention: true, follow: true } } }) }), 200);
    await follow(bob, alice);
    const all = await pushesOnce(device, 2);
    expect(all.slice(1).map((received) => decryptPush(received, device))).toEqual([
      expect.objectContaining({ notification_type: 'follow', title: `${nameOf(bob)} is now following you` }),
    ]);
  });

  it('with the policy followed, sends only what comes from accounts the user follows', async () => {
    const carol = await rig.newUser('pushcarol');
    const { device } = await subscribe({ alerts: { mention: true }, policy: 'followed' });
    await rig.post(carol.token, `@${alice.username} from a stranger`);
    await follow(alice, carol);
    await rig.post(carol.token, `@${alice.username} from a friend`);

    const received = await pushesOnce(device, 1);
    expect(received.map((one) => decryptPush(one, device).body)).toEqual([`@${alice.username} from a friend`]);
  });

  it('sends nothing to the subscription of a revoked token: it goes with the token', async () => {
    const { token, device } = await subscribe({ alerts: { mention: true } });
    const revoked = await api.postForm('/oauth/revoke', { client_id: alice.app.client_id, client_secret: alice.app.client_secret, token });
    expectJson(revoked, 200);
    const witness = await subscribe({ alerts: { mention: true } });
    await mention('after the revocation');

    await pushesOnce(witness.device, 1);
    expect(push.pushesTo(device)).toEqual([]);
  });

  it('removes the subscription when the push service answers 410 Gone', async () => {
    const { token, device } = await subscribe({ alerts: { mention: true } });
    push.answer(device.path, 410);
    await mention('into the void');

    await pushesOnce(device, 1);
    await eventually(async () => expectError(await api.get(PATH, { token }), 404, RECORD_NOT_FOUND));
  });

  it('retries a push the push service answered 500, and keeps the subscription', async () => {
    const { token, device } = await subscribe({ alerts: { mention: true } });
    push.answer(device.path, 500);
    await mention('try again');

    const [failed, retried] = await pushesOnce(device, 2);
    expect(push.pushesTo(device)).toHaveLength(2);
    // The same notification, encrypted anew.
    expect(decryptPush(retried, device)).toEqual(decryptPush(failed, device));
    expectJson(await api.get(PATH, { token }), 200);
  });
});

