import { LRUCache } from 'lru-cache';
import { Messages } from '@social/errors';
import { streamingConnections } from '@social/telemetry';
import type { Operation } from '../gateway-client.js';
import type { Channel, StreamKind } from './channels.js';
import { StreamError, streamErrorOf } from './errors.js';
import { prepareEvent, type GqlStreamEvent, type PreparedEvent } from './events.js';
import { StreamAccess } from '../gql/operations.js';
import type { StreamingUpstream, UpstreamCaller } from './upstream.js';

/** A connection's caller; `hasToken` picks between "Missing" and "Invalid access token". */
export interface StreamCaller extends UpstreamCaller {
  hasToken: boolean;
}

/** One connection's membership in a stream. */
export interface StreamMember {
  deliver(event: PreparedEvent, channel: Channel): void;
  /** The stream ended under the connection (token revoked, gateway gone): the connection closes. */
  end(error: StreamError | null): void;
}

export interface HubOptions {
  /** How long a stream may take to start before the request fails with 503. */
  startTimeoutMs: number;
  /** Pause before a shared stream whose upstream ended is opened again. */
  restartDelayMs: number;
}

/** How long a tokenless caller's access answer is reused (the gateway caches the anonymous principal as long). */
const ANONYMOUS_ACCESS_TTL_MS = 30_000;

/**
 * The process's streams. Streams that show everyone the same thing (public,
 * hashtag) have one upstream subscription per stream key, fanned out to
 * every local connection; each viewer's access to it is checked on its own
 * (and its token watched). Per-user streams (user, list, direct) have one
 * upstream subscription per connection.
 */
export class StreamHub {
  private readonly shared = new Map<string, SharedStream>();
  /** By stream kind: a handful of keys. */
  private readonly anonymousAccess = new LRUCache<string, { error: StreamError | null }>({ max: 64, ttl: ANONYMOUS_ACCESS_TTL_MS });

  constructor(
    readonly upstream: StreamingUpstream,
    readonly options: HubOptions,
  ) {}

  /**
   * Checks the caller's access to a stream (or, with no channel, only its
   * token). With a token, the check stays open: `onRevoked` runs when the
   * token is revoked. Resolves to the function that stops watching.
   */
  async checkAccess(caller: StreamCaller, channel: Channel | null, onRevoked: (error: StreamError) => void): Promise<() => void> {
    const kind = channel?.kind ?? null;
    const variables = { stream: kind, tag: channel?.kind === 'HASHTAG' ? channel.param : null, list: channel?.kind === 'LIST' ? channel.param : null };
    if (!caller.authorization) {
      const key = kind ?? '';
      const cached = this.anonymousAccess.get(key);
      if (cached) {
        if (cached.error) throw cached.error;
        return () => {};
      }
      try {
        const stop = await this.open(StreamAccess, variables, caller, kind, () => {}, () => {});
        this.anonymousAccess.set(key, { error: null });
        return stop;
      } catch (error) {
        // Only the refusal of a caller without a token (authorized-only mode) is the same for every such caller of
        // the kind; another (a malformed tag, a rate limit) is this request's own and must not refuse the next.
        if (error instanceof StreamError && error.status === 401) this.anonymousAccess.set(key, { error });
        throw error;
      }
    }
    // The access stream ends quietly for a caller without a token; with one, only its revocation ends it.
    return this.open(StreamAccess, variables, caller, kind, () => {}, (error) => error && onRevoked(error));
  }

  /**
   * Joins a stream; resolves once it is live, to the function that leaves it.
   * Connections with the same token share a per-user stream too (one user's
   * several devices): the same caller sees the same events.
   */
  async join(given: Channel, caller: StreamCaller, member: StreamMember): Promise<() => void> {
    // A signed-in caller's public stream follows its own blocks and mutes (docs/api/safety.md#where-they-apply):
    // it is the caller's own upstream, as a user stream is; only anonymous callers share one.
    const channel = given.shared && caller.authorization ? { ...given, shared: false } : given;
    const key = channel.shared ? channel.key : `${channel.key}\u0000${caller.authorization ?? ''}`;
    let stream = this.shared.get(key);
    if (!stream) {
      stream = new SharedStream(this, channel, () => {
        if (this.shared.get(key) === stream) this.shared.delete(key);
      });
      this.shared.set(key, stream);
    }
    await stream.add(member, caller);
    const joined = stream;
    streamingConnections.inc({ stream: channel.name });
    let left = false;
    return () => {
      if (!left) streamingConnections.dec({ stream: channel.name });
      left = true;
      joined.remove(member);
    };
  }

  /** Upstream streams open in this process (for tests and metrics). */
  get sharedCount(): number {
    return this.shared.size;
  }

  /**
   * One upstream subscription: resolves at its SUBSCRIBED event (or rejects
   * with the gateway's refusal), then hands over its events; `onEnd` runs
   * if it ends while live (null: it completed).
   */
  open(
    operation: Operation,
    variables: Record<string, unknown>,
    caller: StreamCaller,
    kind: StreamKind | null,
    onEvent: (event: GqlStreamEvent) => void,
    onEnd: (error: StreamError | null) => void,
  ): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let live = false;
      let done = false;
      let stop: (() => void) | null = null;
      const unsubscribe = () => {
        done = true;
        clearTimeout(timer);
        stop?.();
      };
      const finish = (error: StreamError | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (live) onEnd(error);
        else reject(error ?? new StreamError(503, Messages.unavailable));
      };
      const timer = setTimeout(() => {
        finish(new StreamError(503, Messages.unavailable));
        stop?.();
      }, this.options.startTimeoutMs);
      stop = this.upstream.subscribe(operation, variables, caller, {
        next: (result) => {
          if (done) return;
          const event = result.data?.event as GqlStreamEvent | undefined;
          if (!event) {
            finish(streamErrorOf(result.errors, caller.hasToken, kind));
            return;
          }
          if (event.type !== 'SUBSCRIBED') {
            if (live) onEvent(event);
          } else if (!live) {
            // A reconnected upstream subscribes again and says SUBSCRIBED again: only the first counts.
            live = true;
            clearTimeout(timer);
            resolve(unsubscribe);
          }
        },
        error: (errors) => finish(streamErrorOf(errors, caller.hasToken, kind)),
        complete: () => finish(null),
      });
      if (done) stop();
    });
  }
}

/**
 * One upstream subscription, many local members: everyone on a public
 * stream, or the connections of one token on a per-user stream.
 */
class SharedStream {
  private readonly members = new Map<StreamMember, StreamCaller>();
  private stop: (() => void) | null = null;
  private starting: Promise<void> | null = null;
  private disposed = false;

  constructor(
    private readonly hub: StreamHub,
    private readonly channel: Channel,
    private readonly onDispose: () => void,
  ) {}

  async add(member: StreamMember, caller: StreamCaller): Promise<void> {
    this.members.set(member, caller);
    try {
      await this.ensure(caller);
    } catch (error) {
      this.remove(member);
      throw error;
    }
  }

  remove(member: StreamMember): void {
    this.members.delete(member);
    if (this.members.size === 0 && !this.starting) this.dispose();
  }

  private ensure(caller: StreamCaller): Promise<void> {
    if (this.stop) return Promise.resolve();
    this.starting ??= this.hub
      .open(this.channel.operation, this.channel.variables, caller, this.channel.kind, (event) => this.broadcast(event), (error) => this.restart(error))
      .then(
        (stop) => {
          this.starting = null;
          this.stop = stop;
          if (this.members.size === 0) this.dispose();
        },
        (error: unknown) => {
          this.starting = null;
          throw error;
        },
      );
    return this.starting;
  }

  private broadcast(event: GqlStreamEvent): void {
    const prepared = prepareEvent(event, this.channel.kind);
    if (!prepared) return;
    for (const member of [...this.members.keys()]) member.deliver(prepared, this.channel);
  }

  /**
   * The upstream ended. A per-user stream ends for its members (their token
   * was revoked); a public one opens again for whoever is left (it was its
   * opener's token).
   */
  private restart(error: StreamError | null): void {
    this.stop = null;
    if (!this.channel.shared) {
      for (const member of [...this.members.keys()]) member.end(error);
      this.members.clear();
    }
    if (this.disposed || this.members.size === 0) {
      this.dispose();
      return;
    }
    setTimeout(() => {
      const next = this.members.entries().next().value;
      if (this.disposed || !next) return;
      const [member, caller] = next;
      this.ensure(caller).catch((error: unknown) => {
        // The caller we picked may be the revoked one: drop it and try the next.
        member.end(error instanceof StreamError ? error : null);
        this.remove(member);
        if (!this.disposed) this.restart(null);
      });
    }, this.hub.options.restartDelayMs).unref();
  }

  private dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stop?.();
    this.stop = null;
    this.onDispose();
  }
}
