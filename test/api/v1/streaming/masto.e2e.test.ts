// masto.js's streaming client (createStreamingAPIClient, token as Sec-WebSocket-Protocol, subscribe
// messages on one socket) receives updates and deletions. docs/api/client-compatibility.md#streaming.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { follow } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';
import { whenLive } from '../../../support/streaming';

const SCRIPT = path.join(__dirname, '../../../support/clients/masto-streaming.mjs');

/** masto.js hands out entities with camelCase keys. */
function camelCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCase);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), camelCase(item)]));
}

interface Line {
  ready?: boolean;
  name?: string;
  event?: string;
  stream?: string[];
  payload?: unknown;
  error?: string;
}

/** The client's output lines, as they come. */
function run(args: object): { child: ChildProcess; lines: Line[]; waitFor(test: (line: Line) => boolean, what: string, timeoutMs?: number): Promise<Line> } {
  const child = spawn(process.execPath, [SCRIPT, JSON.stringify(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  let partial = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const part of parts) if (part) lines.push(JSON.parse(part) as Line);
    for (const listener of listeners) listener();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const waitFor = (test: (line: Line) => boolean, what: string, timeoutMs = 15_000) =>
    new Promise<Line>((resolve, reject) => {
      const check = () => {
        const found = lines.find(test);
        if (found) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`masto.js client: no ${what}; lines ${JSON.stringify(lines).slice(0, 1000)}; stderr ${stderr.slice(0, 1000)}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  return { child, lines, waitFor };
}

describe('masto.js createStreamingAPIClient', () => {
  let author: TestUser;
  let reader: TestUser;
  let client: ReturnType<typeof run>;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('mastostreamauthor'), rig.newUser('mastostreamreader')]);
    await follow(reader, author);
    client = run({ url: baseUrl, token: reader.token, tag: 'MastoStream' });
    await client.waitFor((line) => line.ready === true, 'ready line');
  });

  afterAll(() => {
    client?.child.kill();
  });

  it('receives a followed account\'s status on the user, public and hashtag subscriptions, parsed as the REST status', async () => {
    // masto.js subscribes about a second after connecting and the server acknowledges nothing: post until the streams show it.
    let id = '';
    let attempt = 0;
    await whenLive(
      async () => (id = (await rig.post(author.token, `Streaming with masto.js #MastoStream ${attempt++}`)).id),
      (probe, timeoutMs) => client.waitFor((line) => line.name === 'hashtag' && (line.payload as { id?: string })?.id === probe, 'hashtag probe', timeoutMs),
    );

    const isIt = (name: string) => (line: Line) => line.name === name && line.event === 'update' && (line.payload as { id?: string }).id === id;
    const [user, pub, tag] = await Promise.all([
      client.waitFor(isIt('user'), 'user update'),
      client.waitFor(isIt('public'), 'public update'),
      client.waitFor(isIt('hashtag'), 'hashtag update'),
    ]);
    const asReader = await api.get(`/api/v1/statuses/${id}`, { token: reader.token });
    expectJson(asReader, 200);

    expect(user).toEqual({ name: 'user', event: 'update', stream: ['user'], payload: camelCase(asReader.body) });
    expect(pub.stream).toEqual(['public']);
    expect(tag.stream).toEqual(['hashtag', 'MastoStream']);
  });

  it('receives the deletion as the bare id', async () => {
    const status = await rig.post(author.token, 'To be deleted');
    await client.waitFor((line) => line.name === 'user' && (line.payload as { id?: string })?.id === status.id, 'update before delete');

    expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);

    expect(await client.waitFor((line) => line.name === 'user' && line.event === 'delete' && line.payload === status.id, 'delete')).toEqual({
      name: 'user',
      event: 'delete',
      stream: ['user'],
      payload: status.id,
    });
  });
});
