// POST, GET, PUT and DELETE /api/v1/push/subscription: one Web Push subscription per access token,
// form, JSON and nested-bracket bodies, Mastodon's alert keys and policies, validation, scopes, and the
// same through GraphQL. Mastodon's Api::V1::Push::SubscriptionsController; docs/api/push.md.
import { createECDH, randomBytes } from 'node:crypto';
import type { TestUser } from '@social/testkit';
import { expectError, expectJson, ID, OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectInvalidToken } from '../../../support/expectations';
import { gql } from '../../../support/graphql';
import { api, rig } from '../../../support/server';

const PATH = '/api/v1/push/subscription';
const ENDPOINT = 'https://push.example.net/send/abc123';
const NO_ALERTS = {
  mention: false, status: false, reblog: false, follow: false, follow_request: false, favourite: false, poll: false, update: false,
  'admin.sign_up': false, 'admin.report': false,
};

function newKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe('/api/v1/push/subscription', () => {
  let user: TestUser;
  let serverKey: string;

  beforeAll(async () => {
    user = await rig.newUser('pushcrud');
    const instance = await api.get<{ configuration: { vapid: { public_key: string } } }>('/api/v2/instance');
    serverKey = instance.body.configuration.vapid.public_key;
  });

  describe('GET', () => {
    it('answers 404 Record not found while the token has no subscription', async () => {
      expectError(await api.get(PATH, { token: user.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('POST', () => {
    it('subscribes the token from a form with nested brackets, and GET answers the same', async () => {
      const keys = newKeys();
      const response = await api.postForm(PATH, {
        subscription: { endpoint: ENDPOINT, keys },
        data: { alerts: { mention: 'true', favourite: '1', follow: 'false', 'admin.report': 'true', poll: 'on' }, policy: 'followed' },
      }, { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual({
        id: expect.stringMatching(ID),
        endpoint: ENDPOINT,
        standard: false,
        // Unknown to a user without the manage_reports permission: admin.report stays off.
        alerts: { ...NO_ALERTS, mention: true, favourite: true, poll: true },
        server_key: serverKey,
        policy: 'followed',
      });
      // The one VAPID key: the instance's configuration.vapid.public_key and every app's vapid_key.
      expect(serverKey).toMatch(/^[\w-]{87}$/);
      expect(user.app.vapid_key).toBe(serverKey);
      const read = await api.get(PATH, { token: user.token });
      expectJson(read, 200);
      expect(read.body).toEqual(response.body);
    });

    it('replaces the subscription from a JSON body, ignoring unknown alert keys, policy all and standard as given', async () => {
      const response = await api.postJson(PATH, {
        subscription: { endpoint: `${ENDPOINT}/2`, keys: newKeys(), standard: true },
        data: { alerts: { reblog: true, follow_request: true, quote: true, bogus: true } },
      }, { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual({
        id: expect.stringMatching(ID), endpoint: `${ENDPOINT}/2`, standard: true, alerts: { ...NO_ALERTS, reblog: true, follow_request: true }, server_key: serverKey, policy: 'all',
      });
      expect((await api.get(PATH, { token: user.token })).body).toEqual(response.body);
    });

    it('keeps one subscription per access token: another token of the same user has its own', async () => {
      const other = await rig.passwordToken(user.app, user.email, user.password, 'push');
      expectError(await api.get(PATH, { token: other }), 404, RECORD_NOT_FOUND);
      const keys = newKeys();
      expectJson(await api.postForm(PATH, { subscription: { endpoint: `${ENDPOINT}/other`, keys } }, { token: other }), 200);
      expect((await api.get<{ endpoint: string }>(PATH, { token: other })).body.endpoint).toBe(`${ENDPOINT}/other`);
      expect((await api.get<{ endpoint: string }>(PATH, { token: user.token })).body.endpoint).toBe(`${ENDPOINT}/2`);
    });

    it('accepts base64 keys with padding, as some clients send them', async () => {
      const token = await rig.passwordToken(user.app, user.email, user.password, 'push');
      const keys = newKeys();
      const padded = { p256dh: Buffer.from(keys.p256dh, 'base64url').toString('base64'), auth: Buffer.from(keys.auth, 'base64url').toString('base64') };
      expectJson(await api.postForm(PATH, { subscription: { endpoint: ENDPOINT, keys: padded } }, { token }), 200);
    });
  });

  describe('POST with invalid input', () => {
    const post = (fields: Record<string, unknown>) => api.postJson(PATH, fields, { token: user.token });

    it('answers 422 without subscription, after the checks of the token', async () => {
      expectError(await post({ data: { policy: 'all' } }), 422, "Validation failed: Endpoint can't be blank, Key p256dh can't be blank, Key auth can't be blank");
    });

    it('answers 422 for a blank or malformed endpoint, or one that is not https', async () => {
      const keys = newKeys();
      expectError(await post({ subscription: { keys } }), 422, "Validation failed: Endpoint can't be blank");
      expectError(await post({ subscription: { endpoint: 'not a url', keys } }), 422, 'Validation failed: Endpoint is invalid');
      expectError(await post({ subscription: { endpoint: 'ftp://push.example.net/x', keys } }), 422, 'Validation failed: Endpoint is invalid');
      expectError(await post({ subscription: { endpoint: 'https://user:secret@push.example.net/x', keys } }), 422, 'Validation failed: Endpoint is invalid');
    });

    it('answers 422 for missing or malformed keys', async () => {
      expectError(await post({ subscription: { endpoint: ENDPOINT } }), 422, "Validation failed: Key p256dh can't be blank, Key auth can't be blank");
      expectError(await post({ subscription: { endpoint: ENDPOINT, keys: { p256dh: 'abc', auth: newKeys().auth } } }), 422, 'Validation failed: Key p256dh is invalid');
      // 65 bytes starting 0x04, but not a point of the curve.
      const offCurve = Buffer.alloc(65, 7);
      offCurve[0] = 4;
      expectError(await post({ subscription: { endpoint: ENDPOINT, keys: { p256dh: offCurve.toString('base64url'), auth: newKeys().auth } } }), 422, 'Validation failed: Key p256dh is invalid');
      expectError(await post({ subscription: { endpoint: ENDPOINT, keys: { p256dh: newKeys().p256dh, auth: randomBytes(8).toString('base64url') } } }), 422, 'Validation failed: Key auth is invalid');
    });

    it('answers 422 for an unknown policy, and leaves the subscription as it was', async () => {
      expectError(await post({ subscription: { endpoint: ENDPOINT, keys: newKeys() }, data: { policy: 'friends' } }), 422, 'Validation failed: Policy is not included in the list');
      expect((await api.get<{ endpoint: string }>(PATH, { token: user.token })).body.endpoint).toBe(`${ENDPOINT}/2`);
    });
  });

  describe('PUT', () => {
    it("replaces the alerts and policy as Mastodon does: those left out are off, the policy all", async () => {
      const response = await api.send('PUT', PATH, { token: user.token, contentType: 'application/x-www-form-urlencoded', body: 'data[alerts][mention]=true&data[alerts][update]=1&data[policy]=none' });
      expectJson(response, 200);
      expect(response.body).toEqual({
        id: expect.stringMatching(ID), endpoint: `${ENDPOINT}/2`, standard: true, alerts: { ...NO_ALERTS, mention: true, update: true }, server_key: serverKey, policy: 'none',
      });
      const json = await api.send('PUT', PATH, { token: user.token, contentType: 'application/json', body: JSON.stringify({ data: { alerts: { favourite: true } } }) });
      expectJson(json, 200);
      expect(json.body).toMatchObject({ alerts: { ...NO_ALERTS, favourite: true }, policy: 'all', endpoint: `${ENDPOINT}/2` });
    });

    it('answers 404 Record not found without a subscription', async () => {
      const token = await rig.passwordToken(user.app, user.email, user.password, 'push');
      expectError(await api.send('PUT', PATH, { token, contentType: 'application/json', body: '{"data":{"policy":"all"}}' }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('DELETE', () => {
    it('removes the subscription and answers {}, with or without one', async () => {
      const token = await rig.passwordToken(user.app, user.email, user.password, 'push');
      expectJson(await api.postForm(PATH, { subscription: { endpoint: ENDPOINT, keys: newKeys() } }, { token }), 200);
      const removed = await api.delete(PATH, { token });
      expectJson(removed, 200);
      expect(removed.body).toEqual({});
      expectError(await api.get(PATH, { token }), 404, RECORD_NOT_FOUND);
      const again = await api.delete(PATH, { token });
      expectJson(again, 200);
      expect(again.body).toEqual({});
    });
  });

  describe('scopes', () => {
    it('needs the push scope: read and write do not cover it', async () => {
      const token = await rig.passwordToken(user.app, user.email, user.password, 'read write follow');
      expectError(await api.get(PATH, { token }), 403, OUTSIDE_SCOPES);
      expectError(await api.postForm(PATH, { subscription: { endpoint: ENDPOINT, keys: newKeys() } }, { token }), 403, OUTSIDE_SCOPES);
      expectError(await api.delete(PATH, { token }), 403, OUTSIDE_SCOPES);
    });

    it('needs a user: an app token answers 422, no token 401', async () => {
      const appToken = await rig.appToken(user.app, 'push');
      expectError(await api.get(PATH, { token: appToken }), 422, USER_REQUIRED);
      expectInvalidToken(await api.get(PATH));
    });
  });

  describe('through GraphQL', () => {
    it('creates, reads, updates and deletes the token\'s subscription, with input errors in the payload', async () => {
      const token = await rig.passwordToken(user.app, user.email, user.password, 'push');
      const fields = 'id endpoint standard policy serverKey alerts { mention favourite adminReport }';
      const created = await gql(`mutation($input: CreatePushSubscriptionInput!) { createPushSubscription(input: $input) { pushSubscription { ${fields} } errors { code message field } } }`, {
        input: { endpoint: ENDPOINT, keys: newKeys(), alerts: { mention: true }, policy: 'FOLLOWED', accessToken: token },
      }, token);
      expect(created.errors).toBeUndefined();
      expect(created.data?.createPushSubscription).toEqual({
        pushSubscription: { id: expect.stringMatching(ID), endpoint: ENDPOINT, standard: false, policy: 'FOLLOWED', serverKey, alerts: { mention: true, favourite: false, adminReport: false } },
        errors: [],
      });

      const updated = await gql(`mutation($input: UpdatePushSubscriptionInput!) { updatePushSubscription(input: $input) { pushSubscription { ${fields} } errors { code } } }`, { input: { alerts: { favourite: true } } }, token);
      // GraphQL's update changes only what it is given.
      expect(updated.data?.updatePushSubscription.pushSubscription).toMatchObject({ policy: 'FOLLOWED', alerts: { mention: true, favourite: true } });
      expect((await gql(`{ pushSubscription { ${fields} } }`, {}, token)).data?.pushSubscription).toEqual(updated.data?.updatePushSubscription.pushSubscription);

      const invalid = await gql('mutation($input: CreatePushSubscriptionInput!) { createPushSubscription(input: $input) { pushSubscription { id } errors { code message field } } }', {
        input: { endpoint: 'not a url', keys: newKeys(), accessToken: 'not-this-token' },
      }, token);
      expect(invalid.data?.createPushSubscription).toEqual({
        pushSubscription: null,
        errors: [{ code: 'INVALID', message: 'Validation failed: Endpoint is invalid, Access token is not the token of this request', field: ['input', 'endpoint'] }],
      });

      const deleted = await gql('mutation { deletePushSubscription { deletedPushSubscriptionId errors { code } } }', {}, token);
      expect(deleted.data?.deletePushSubscription).toEqual({ deletedPushSubscriptionId: created.data?.createPushSubscription.pushSubscription.id, errors: [] });
      expect((await gql('{ pushSubscription { id } }', {}, token)).data).toEqual({ pushSubscription: null });
    });
  });
});
