import type { Operation } from '../gateway-client.js';
import { StreamError } from './errors.js';
import { STREAM_OPERATIONS } from './operations.js';

/** The gateway's StreamKind. */
export type StreamKind = 'USER' | 'USER_NOTIFICATION' | 'PUBLIC' | 'HASHTAG' | 'LIST' | 'DIRECT';

/** A Mastodon stream as one connection asked for it. */
export interface Channel {
  /** Mastodon's stream name: `public:local`, `hashtag`... */
  name: string;
  /** The tag or list id, as given: frames carry it back. */
  param: string | null;
  kind: StreamKind;
  /**
   * The payload is the same for everyone (public and hashtag streams): one
   * upstream subscription per key and process, fanned out.
   */
  shared: boolean;
  /** Identifies the stream within the process (name and parameter). */
  key: string;
  operation: Operation;
  variables: Record<string, unknown>;
  /** `stream` in WebSocket frames: [name] or [name, param]. */
  streamJson: string;
}

interface ChannelShape {
  kind: StreamKind;
  variables?: Record<string, unknown>;
  /** Which parameter the stream takes. */
  needs?: 'tag' | 'list';
}

/** Mastodon's stream names (docs/api/streaming.md#streams). Nothing federates here, so the remote ones never carry events. */
const CHANNELS: Record<string, ChannelShape> = {
  user: { kind: 'USER' },
  'user:notification': { kind: 'USER_NOTIFICATION', variables: { notificationsOnly: true } },
  public: { kind: 'PUBLIC' },
  'public:media': { kind: 'PUBLIC', variables: { onlyMedia: true } },
  'public:local': { kind: 'PUBLIC', variables: { local: true } },
  'public:local:media': { kind: 'PUBLIC', variables: { local: true, onlyMedia: true } },
  'public:remote': { kind: 'PUBLIC', variables: { remote: true } },
  'public:remote:media': { kind: 'PUBLIC', variables: { remote: true, onlyMedia: true } },
  hashtag: { kind: 'HASHTAG', needs: 'tag' },
  'hashtag:local': { kind: 'HASHTAG', needs: 'tag', variables: { local: true } },
  list: { kind: 'LIST', needs: 'list' },
  direct: { kind: 'DIRECT' },
};

/** SSE paths under /api/v1/streaming and their stream names; `only_media` picks the :media variants. */
const PATHS: Record<string, string> = {
  '/user': 'user',
  '/user/notification': 'user:notification',
  '/public': 'public',
  '/public/local': 'public:local',
  '/public/remote': 'public:remote',
  '/hashtag': 'hashtag',
  '/hashtag/local': 'hashtag:local',
  '/list': 'list',
  '/direct': 'direct',
};

export interface ChannelParams {
  tag?: string;
  list?: string;
  onlyMedia?: boolean;
}

/** The stream name of an SSE path, or null for an unknown one. */
export function channelNameOfPath(path: string, onlyMedia: boolean): string | null {
  const name = PATHS[path.replace(/\/+$/, '') || '/'];
  if (!name) return null;
  return onlyMedia && name.startsWith('public') ? `${name}:media` : name;
}

/** The channel, or a StreamError with Mastodon's 400 messages. */
export function channelOf(name: string | undefined, params: ChannelParams): Channel {
  const shape = name ? CHANNELS[name] : undefined;
  if (!name || !shape) throw new StreamError(400, 'Unknown stream type');
  const raw = shape.needs === 'tag' ? params.tag : shape.needs === 'list' ? params.list : undefined;
  const param = typeof raw === 'string' && raw.length > 0 ? raw : null;
  if (shape.needs === 'tag' && !param) throw new StreamError(400, 'Missing tag name parameter');
  if (shape.needs === 'list' && !param) throw new StreamError(400, 'Missing list name parameter');
  const variables: Record<string, unknown> = { ...shape.variables };
  if (shape.needs === 'tag') variables.tag = param;
  if (shape.needs === 'list') variables.id = param;
  return {
    name,
    param,
    kind: shape.kind,
    shared: shape.kind === 'PUBLIC' || shape.kind === 'HASHTAG',
    key: param === null ? name : `${name}\u0000${param}`,
    operation: STREAM_OPERATIONS[shape.kind],
    variables,
    streamJson: JSON.stringify(param === null ? [name] : [name, param]),
  };
}
