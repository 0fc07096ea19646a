// WebSocket /api/v1/streaming: the three ways of passing the token, subscribe and unsubscribe
// messages, frames, error frames, refusals and revocation. docs/api/streaming.md#websocket, #errors; docs/api/client-compatibility.md#streaming.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../support/expectations';
import { follow } from '../../support/interactions';
import { api, rig } from '../../support/server';
import { isStatus, UpgradeRefused, whenLive, WsStream, type WsFrame } from '../../support/streaming';

/** The status as the viewer reads it over REST: a frame's payload must be the same JSON. */
async function restStatus(id: string, token?: string): Promise<unknown> {
  const response = await api.get(`/api/v1/statuses/${id}`, token ? { token } : {});
  expectJson(response, 200);
  return response.body;
}

async function post(user: TestUser, fields: Record<string, string>): Promise<string> {
  return (await rig.post(user.token, fields)).id;
}

/** Subscribed and live on ["user"]: the user's own probes reach their home stream. */
async function liveOnUser(ws: WsStream, user: TestUser): Promise<void> {
  await whenLive(() => post(user, { status: 'probe', visibility: 'private' }), (id, ms) => ws.next('update', ['user'], isStatus(id), ms));
}

async function expectRefused(open: Promise<WsStream>, status: number, message: string): Promise<void> {
  const refusal = await open.then(
    () => null,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(UpgradeRefused);
  const { status: actual, headers } = refusal as UpgradeRefused;
  expect({ status: actual, message: headers['x-error-message'], length: headers['content-length'] }).toEqual({ status, message, length: '0' });
}

describe('WebSocket /api/v1/streaming', () => {
  let alice: TestUser;
  let bob: TestUser;
  const sockets: WsStream[] = [];
  const open = async (options: Parameters<typeof WsStream.open>[0]) => {
    const ws = await WsStream.open(options);
    sockets.push(ws);
    return ws;
  };

  beforeAll(async () => {
    [alice, bob] = await Promise.all([rig.newUser('wsalice'), rig.newUser('wsbob')]);
    await follow(bob, alice);
  });

  afterAll(() => {
    for (const ws of sockets) ws.close();
  });

  describe.each([
    ['the Authorization header', 'header'],
    ['the access_token parameter', 'query'],
    ['Sec-WebSocket-Protocol', 'protocol'],
  ] as const)('with the token in %s and ?stream=user', (_how, via) => {
    it("delivers a followed account's new status as an update frame whose payload is the status JSON as a string", async () => {
      const ws = await open({ token: bob.token, via, query: { stream: 'user' } });
      await whenLive(() => post(alice, { status: `probe ${via}` }), (id, ms) => ws.next('update', ['user'], isStatus(id), ms));

      const id = await post(alice, { status: `Hello over ${via}` });
      const frame = await ws.next('update', ['user'], isStatus(id));

      expect(frame).toEqual({ stream: ['user'], event: 'update', payload: expect.any(String) });
      expect(JSON.parse(frame.payload as string)).toEqual(await restStatus(id, bob.token));
    });
  });

  describe('with the token as Sec-WebSocket-Protocol', () => {
    it('echoes the protocol back in the handshake', async () => {
      const ws = await open({ token: bob.token, via: 'protocol' });

      expect(ws.socket.protocol).toBe(bob.token);
    });
  });

  describe('with an unknown token', () => {
    it.each(['header', 'query', 'protocol'] as const)('refuses the upgrade (%s) with a bare 401 and X-Error-Message: Invalid access token', async (via) => {
      await expectRefused(WsStream.open({ token: 'not-a-token', via }), 401, 'Invalid access token');
    });
  });

  describe('with a revoked token', () => {
    it('refuses the upgrade with 401 Invalid access token', async () => {
      const user = await rig.newUser('wsrevoked');
      expectJson(await api.postForm('/oauth/revoke', { client_id: user.app.client_id, client_secret: user.app.client_secret, token: user.token }), 200);

      await expectRefused(WsStream.open({ token: user.token }), 401, 'Invalid access token');
    });
  });

  describe('without a token', () => {
    it('opens, and streams public statuses on ["public"] as anyone sees them', async () => {
      const ws = await open({ query: { stream: 'public' } });
      await whenLive(() => post(alice, { status: 'public probe' }), (id, ms) => ws.next('update', ['public'], isStatus(id), ms));

      const id = await post(alice, { status: 'For everyone' });
      const frame = await ws.next('update', ['public'], isStatus(id));

      expect(JSON.parse(frame.payload as string)).toEqual(await restStatus(id));
    });

    it('answers a subscribe to user with the error frame {"error":"Missing access token","status":401}', async () => {
      const ws = await open({});
      ws.send({ type: 'subscribe', stream: 'user' });

      expect(await ws.error()).toEqual({ error: 'Missing access token', status: 401 });
    });
  });

  describe('with subscribe messages', () => {
    it('carries several streams on one socket, each frame naming its stream and parameter', async () => {
      const ws = await open({ token: bob.token });
      ws.send({ type: 'subscribe', stream: 'user' });
      ws.send({ type: 'subscribe', stream: 'hashtag', tag: 'WsTea' });
      ws.send({ type: 'subscribe', stream: 'public:local' });
      await liveOnUser(ws, bob);
      await whenLive(() => post(alice, { status: 'probe #WsTea' }), (id, ms) => ws.next('update', ['hashtag', 'WsTea'], isStatus(id), ms));
      await whenLive(() => post(alice, { status: 'probe local' }), (id, ms) => ws.next('update', ['public:local'], isStatus(id), ms));

      const id = await post(alice, { status: 'Tea time #WsTea' });

      const frames = await Promise.all([
        ws.next('update', ['user'], isStatus(id)),
        ws.next('update', ['hashtag', 'WsTea'], isStatus(id)),
        ws.next('update', ['public:local'], isStatus(id)),
      ]);
      expect(frames.map((frame) => frame.stream)).toEqual([['user'], ['hashtag', 'WsTea'], ['public:local']]);
      // The user stream renders for the viewer, the public ones as anyone sees them.
      expect(JSON.parse(frames[0].payload as string)).toEqual(await restStatus(id, bob.token));
      expect(JSON.parse(frames[1].payload as string)).toEqual(await restStatus(id));
    });

    it('ignores a second subscribe to the same stream: one frame per event', async () => {
      const ws = await open({ token: alice.token });
      ws.send({ type: 'subscribe', stream: 'user' });
      ws.send({ type: 'subscribe', stream: 'user' });
      await liveOnUser(ws, alice);

      const id = await post(alice, { status: 'Once only' });
      await ws.next('update', ['user'], isStatus(id));
      const marker = await post(alice, { status: 'marker' });
      await ws.next('update', ['user'], isStatus(marker));

      expect(ws.frames.items.filter((frame) => frame.stream?.[0] === 'user' && isStatus(id)(frame.payload))).toHaveLength(1);
    });

    it('stops delivering a stream after unsubscribe, and keeps the others', async () => {
      const ws = await open({ token: alice.token });
      ws.send({ type: 'subscribe', stream: 'user' });
      ws.send({ type: 'subscribe', stream: 'hashtag', tag: 'wsunsub' });
      await liveOnUser(ws, alice);
      await whenLive(() => post(alice, { status: 'probe #wsunsub' }), (id, ms) => ws.next('update', ['hashtag', 'wsunsub'], isStatus(id), ms));

      ws.send({ type: 'unsubscribe', stream: 'hashtag', tag: 'wsunsub' });
      // Messages are handled in order: once the user stream shows a later status, the unsubscribe is done.
      await liveOnUser(ws, alice);
      const id = await post(alice, { status: 'After unsubscribing #wsunsub' });
      await ws.next('update', ['user'], isStatus(id));

      expect(ws.frames.items.filter((frame: WsFrame) => frame.stream?.[0] === 'hashtag' && isStatus(id)(frame.payload))).toEqual([]);
    });

    it('answers an unknown stream with {"error":"Unknown stream type","status":400}', async () => {
      const ws = await open({ token: alice.token });
      ws.send({ type: 'subscribe', stream: 'everything' });

      expect(await ws.error()).toEqual({ error: 'Unknown stream type', status: 400 });
    });

    it('answers hashtag without a tag with {"error":"Missing tag name parameter","status":400}', async () => {
      const ws = await open({ token: alice.token });
      ws.send({ type: 'subscribe', stream: 'hashtag' });

      expect(await ws.error()).toEqual({ error: 'Missing tag name parameter', status: 400 });
    });

    it('answers list without a list with {"error":"Missing list name parameter","status":400}', async () => {
      const ws = await open({ token: alice.token });
      ws.send({ type: 'subscribe', stream: 'list' });

      expect(await ws.error()).toEqual({ error: 'Missing list name parameter', status: 400 });
    });

    it('answers a list of another user with {"error":"Not authorized to stream this list","status":401}', async () => {
      const created = await api.postForm<{ id: string }>('/api/v1/lists', { title: 'Mine' }, { token: alice.token });
      expectJson(created, 200);
      const ws = await open({ token: bob.token });
      ws.send({ type: 'subscribe', stream: 'list', list: created.body.id });

      expect(await ws.error()).toEqual({ error: 'Not authorized to stream this list', status: 401 });
    });

    it('answers an unsubscribe from an unknown stream with {"error":"Error unsubscribing from channel"}', async () => {
      const ws = await open({ token: alice.token });
      ws.send({ type: 'unsubscribe', stream: 'everything' });

      expect(await ws.error()).toEqual({ error: 'Error unsubscribing from channel' });
    });

    it('answers a token without a read scope with {"error":"Access token does not have the required scopes","status":401}', async () => {
      const writeOnly = await rig.passwordToken(alice.app, alice.email, alice.password, 'write');
      const ws = await open({ token: writeOnly });
      ws.send({ type: 'subscribe', stream: 'user' });

      expect(await ws.error()).toEqual({ error: 'Access token does not have the required scopes', status: 401 });
    });

    it('closes the socket with 1003 on a binary message', async () => {
      const ws = await open({ token: alice.token });
      ws.socket.send(Buffer.from([1, 2, 3]), { binary: true });

      expect(await ws.closed).toBe(1003);
    });
  });

  describe('when a status is deleted', () => {
    it('sends a delete frame whose payload is the bare id', async () => {
      const ws = await open({ token: bob.token, query: { stream: 'user' } });
      await whenLive(() => post(alice, { status: 'probe' }), (id, ms) => ws.next('update', ['user'], isStatus(id), ms));
      const id = await post(alice, { status: 'Soon gone' });
      await ws.next('update', ['user'], isStatus(id));

      expectJson(await api.delete(`/api/v1/statuses/${id}`, { token: alice.token }), 200);

      expect(await ws.next('delete', ['user'], (payload) => payload === id)).toEqual({ stream: ['user'], event: 'delete', payload: id });
    });
  });

  describe('when the token is revoked', () => {
    it('closes the socket', async () => {
      const user = await rig.newUser('wskilled');
      const ws = await open({ token: user.token, query: { stream: 'user' } });
      await liveOnUser(ws, user);

      expectJson(await api.postForm('/oauth/revoke', { client_id: user.app.client_id, client_secret: user.app.client_secret, token: user.token }), 200);

      await expect(ws.closed).resolves.toEqual(expect.any(Number));
    });
  });
});
