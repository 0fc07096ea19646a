import { eventually } from '@social/testkit';
import type { Operation } from '../gateway-client.js';
import { channelOf } from './channels.js';
import type { PreparedEvent } from './events.js';
import { StreamHub, type StreamCaller, type StreamMember } from './hub.js';
import type { StreamingUpstream, UpstreamSink } from './upstream.js';

/** An upstream whose subscriptions the test drives by hand. */
class FakeUpstream implements StreamingUpstream {
  readonly open = new Map<number, { operation: Operation; variables: Record<string, unknown>; caller: StreamCaller; sink: UpstreamSink }>();
  started = 0;
  private next = 0;
  /** What a new subscription answers first. */
  greet: (sink: UpstreamSink) => void = (sink) => sink.next({ data: { event: { type: 'SUBSCRIBED' } } });

  subscribe(operation: Operation, variables: Record<string, unknown>, caller: StreamCaller, original: UpstreamSink): () => void {
    const id = this.next++;
    this.started += 1;
    // An upstream subscription that failed or completed is over.
    const tracked: UpstreamSink = {
      next: (result) => original.next(result),
      error: (errors) => (this.open.delete(id), original.error(errors)),
      complete: () => (this.open.delete(id), original.complete()),
    };
    this.open.set(id, { operation, variables, caller, sink: tracked });
    queueMicrotask(() => this.greet(tracked));
    return () => this.open.delete(id);
  }

  streams(name: string) {
    return [...this.open.values()].filter((entry) => entry.operation.name === name);
  }

  async close(): Promise<void> {}
}

class Member implements StreamMember {
  readonly received: PreparedEvent[] = [];
  ended = false;
  deliver(event: PreparedEvent): void {
    this.received.push(event);
  }
  end(): void {
    this.ended = true;
  }
}

const anonymous: StreamCaller = { requestId: 'r', hasToken: false };
const caller = (token: string): StreamCaller => ({ authorization: `Bearer ${token}`, requestId: 'r', hasToken: true });
const update = { data: { event: { type: 'UPDATE', status: null } } };
const deletion = (id: string) => ({ data: { event: { type: 'DELETE', deletedStatusId: id } } });

describe('StreamHub', () => {
  let upstream: FakeUpstream;
  let hub: StreamHub;

  beforeEach(() => {
    upstream = new FakeUpstream();
    hub = new StreamHub(upstream, { startTimeoutMs: 1000, restartDelayMs: 1 });
  });

  it('opens one upstream subscription per shared stream and fans each event out, prepared once', async () => {
    const channel = channelOf('hashtag', { tag: 'tea' });
    const members = Array.from({ length: 50 }, () => new Member());
    const leaves = await Promise.all(members.map((member) => hub.join(channel, anonymous, member)));

    expect(upstream.streams('StreamHashtag')).toHaveLength(1);
    upstream.streams('StreamHashtag')[0]?.sink.next(deletion('7'));
    expect(members.every((member) => member.received.length === 1 && member.received[0] === members[0]?.received[0])).toBe(true);
    expect(members[0]?.received[0]?.wsFrame(channel.streamJson).toString()).toBe('{"stream":["hashtag","tea"],"event":"delete","payload":"7"}');

    for (const leave of leaves) leave();
    expect(upstream.open.size).toBe(0);
    expect(hub.sharedCount).toBe(0);
  });

  it("opens a per-user stream per token, shared by that token's connections", async () => {
    const channel = channelOf('user', {});
    const [a1, a2, b] = [new Member(), new Member(), new Member()];
    await hub.join(channel, caller('a'), a1);
    await hub.join(channel, caller('a'), a2);
    await hub.join(channel, caller('b'), b);

    expect(upstream.streams('StreamUser').map((entry) => entry.caller.authorization)).toEqual(['Bearer a', 'Bearer b']);
    upstream.streams('StreamUser')[0]?.sink.next(deletion('9'));
    expect([a1.received.length, a2.received.length, b.received.length]).toEqual([1, 1, 0]);
  });

  it("rejects a join with the gateway's refusal in Mastodon's words", async () => {
    upstream.greet = (sink) => sink.next({ errors: [{ message: 'This action is outside the authorized scopes', extensions: { code: 'FORBIDDEN' } }] });

    await expect(hub.join(channelOf('user', {}), caller('a'), new Member())).rejects.toMatchObject({
      status: 401,
      message: 'Access token does not have the required scopes',
    });
  });

  it('ends every connection of a per-user stream that fails later (a revoked token), and does not reopen it', async () => {
    const [first, second] = [new Member(), new Member()];
    await hub.join(channelOf('direct', {}), caller('a'), first);
    await hub.join(channelOf('direct', {}), caller('a'), second);

    upstream.streams('StreamDirect')[0]?.sink.error([{ message: 'The access token is invalid', extensions: { code: 'UNAUTHENTICATED' } }]);
    await eventually(() => first.ended && second.ended, { timeoutMs: 2_000, intervalMs: 1 });

    expect([first.ended, second.ended]).toEqual([true, true]);
    expect(upstream.started).toBe(1);
    expect(hub.sharedCount).toBe(0);
  });

  it('reopens a shared stream whose upstream failed, with a remaining member\'s caller', async () => {
    const channel = channelOf('public', {});
    const first = new Member();
    const second = new Member();
    await hub.join(channel, anonymous, first);
    await hub.join(channel, anonymous, second);
    upstream.streams('StreamPublic')[0]?.sink.error([{ message: 'Service unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } }]);

    await eventually(() => upstream.started === 2 && upstream.streams('StreamPublic').length === 1, { timeoutMs: 2_000, intervalMs: 1 });
    upstream.streams('StreamPublic')[0]?.sink.next(update);

    expect(upstream.started).toBe(2);
    expect(upstream.streams('StreamPublic')).toHaveLength(1);
    expect(second.received).toHaveLength(0);
    upstream.streams('StreamPublic')[0]?.sink.next(deletion('8'));
    expect([first.received.length, second.received.length]).toEqual([1, 1]);
  });

  it("gives a signed-in caller of a public stream its own upstream (its blocks and mutes apply), shared by its token's connections", async () => {
    const channel = channelOf('public', {});
    await hub.join(channel, caller('alice'), new Member());
    await hub.join(channel, caller('alice'), new Member());
    await hub.join(channel, caller('bob'), new Member());
    await hub.join(channel, anonymous, new Member());
    await hub.join(channel, anonymous, new Member());

    expect(upstream.streams('StreamPublic')).toHaveLength(3);
  });

  it('checks a tokenless caller\'s access once and reuses the answer', async () => {
    const channel = channelOf('public', {});
    await hub.checkAccess(anonymous, channel, () => {});
    await hub.checkAccess(anonymous, channel, () => {});

    expect(upstream.started).toBe(1);
  });

  it("reuses a tokenless caller's refusal for lack of a token, but not one of its own request (a NUL in the tag)", async () => {
    upstream.greet = (sink) => sink.next({ errors: [{ message: 'This API requires an authenticated user', extensions: { code: 'UNAUTHENTICATED' } }] });
    const closed = channelOf('public', {});
    await expect(hub.checkAccess(anonymous, closed, () => {})).rejects.toMatchObject({ status: 401 });
    await expect(hub.checkAccess(anonymous, closed, () => {})).rejects.toMatchObject({ status: 401 });
    expect(upstream.started).toBe(1);

    upstream.greet = (sink) => sink.next({ errors: [{ message: 'Parameters must not contain NUL characters', extensions: { code: 'BAD_REQUEST' } }] });
    await expect(hub.checkAccess(anonymous, channelOf('hashtag', { tag: 'a\u0000' }), () => {})).rejects.toMatchObject({ status: 400 });
    upstream.greet = (sink) => sink.next({ data: { event: { type: 'SUBSCRIBED' } } });
    await expect(hub.checkAccess(anonymous, channelOf('hashtag', { tag: 'tea' }), () => {})).resolves.toEqual(expect.any(Function));
    expect(upstream.started).toBe(3);
  });

  it('times out with 503 when the gateway does not answer', async () => {
    upstream.greet = () => {};
    const slow = new StreamHub(upstream, { startTimeoutMs: 20, restartDelayMs: 1 });

    await expect(slow.join(channelOf('user', {}), caller('a'), new Member())).rejects.toMatchObject({ status: 503 });
    expect(upstream.open.size).toBe(0);
  });
});
