// Issue #15: log volume does not grow with ordinary traffic. A server of its own (one process, the
// default log level of a deployment's warnings) serves a round of everyday use: sign-ups, posts with
// a mention and a hashtag, a reply, favourites and their undo (each favourite once logged "ignored a
// malformed event": an event type the services publish that the streaming hub did not know), boosts,
// bookmarks, pins, follows, a poll vote, deletes, a token revoked, with a public and a user stream
// open. It writes not one log line. Run once, on the single target's turn.
import { client, Testrig, type ApiClient, type MastodonStatus, type TestUser } from '@social/testkit';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { expectJson } from '../support/expectations';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(180_000);

describeOnSingleTarget('a round of ordinary traffic', () => {
  let place: Playground;
  let server: OwnServer;
  let api: ApiClient;
  let rig: Testrig;

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false' });
    server = await OwnServer.start(await freePort(), { ...place.env, LOG_LEVEL: 'warn' });
    api = client(server.baseUrl);
    rig = new Testrig(api);
  });
  afterAll(async () => {
    await server?.stop();
    await place?.dispose();
  });

  async function act(user: TestUser, statusId: string, action: string): Promise<MastodonStatus> {
    const response = await api.post<MastodonStatus>(`/api/v1/statuses/${statusId}/${action}`, { token: user.token });
    expectJson(response, 200);
    return response.body;
  }

  /** Streams open while the traffic flows, so every event is also resolved for a subscriber. */
  function openStreams(token: string): { ws: Client; seen: unknown[]; dispose: () => Promise<void> } {
    const ws = createClient({ url: `${server.baseUrl.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
    const seen: unknown[] = [];
    const sink = { next: (value: unknown) => seen.push(value), error: (error: unknown) => seen.push({ error }), complete: () => undefined };
    const stops = [ws.subscribe({ query: 'subscription { public { type } }' }, sink), ws.subscribe({ query: 'subscription { user { type } }' }, sink)];
    return {
      ws,
      seen,
      dispose: async () => {
        for (const stop of stops) stop();
        await ws.dispose();
      },
    };
  }

  it('writes no log line', async () => {
    const [alice, bob] = await Promise.all([rig.newUser('logalice'), rig.newUser('logbob')]);
    const streams = openStreams(bob.token);
    const before = server.log;
    try {
      expectJson(await api.post(`/api/v1/accounts/${alice.account.id}/follow`, { token: bob.token }), 200);
      const post = await rig.post(alice.token, `hello @${bob.username} #everyday`);
      const reply = await rig.post(bob.token, { status: `@${alice.username} hi back`, in_reply_to_id: post.id });
      const poll = await rig.post(alice.token, { status: 'tea or coffee?', poll: { options: ['tea', 'coffee'], expires_in: 600 } });
      for (const action of ['favourite', 'unfavourite', 'favourite', 'reblog', 'unreblog', 'reblog', 'bookmark', 'unbookmark']) await act(bob, post.id, action);
      await act(alice, post.id, 'pin');
      expectJson(await api.postForm(`/api/v1/polls/${(poll.poll as { id: string }).id}/votes`, { choices: [0] }, { token: bob.token }), 200);
      expectJson(await api.get('/api/v1/timelines/home', { token: bob.token }), 200);
      expectJson(await api.get('/api/v1/notifications', { token: alice.token }), 200);
      expectJson(await api.delete(`/api/v1/statuses/${reply.id}`, { token: bob.token }), 200);
      expectJson(await api.post(`/api/v1/accounts/${alice.account.id}/unfollow`, { token: bob.token }), 200);
      const spare = await rig.passwordToken(alice.app, alice.email);
      expectJson(await api.postForm('/oauth/revoke', { client_id: alice.app.client_id, client_secret: alice.app.client_secret, token: spare }), 200);
      // Events are published after each answer: give the hub time to hear the last ones.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      await streams.dispose();
    }

    expect(streams.seen.length).toBeGreaterThan(2);
    expect(server.log).toBe(before);
  });
});
