// SSE streams opened by a test file and closed after it; errors checked as Mastodon words them.
import { JSON_CONTENT_TYPE } from './expectations';
import { SseStream } from './streaming';

const opened: SseStream[] = [];

afterAll(() => {
  for (const stream of opened.splice(0)) stream.close();
});

/** Opens an SSE stream and expects it to be live: 200, text/event-stream, no caching. */
export async function openSse(path: string, token?: string): Promise<SseStream> {
  const stream = await SseStream.open(path, { token });
  opened.push(stream);
  if (stream.status !== 200) throw new Error(`GET ${path} answered ${stream.status}: ${JSON.stringify(await stream.json())}`);
  expect({ type: stream.headers['content-type'], cache: stream.headers['cache-control'] }).toEqual({
    type: 'text/event-stream',
    cache: 'private, no-store',
  });
  await stream.started;
  return stream;
}

/** A refused stream: the status and exactly `{"error": message}` as JSON. */
export async function expectSseError(path: string, token: string | undefined, status: number, message: string): Promise<void> {
  const stream = await SseStream.open(path, { token });
  opened.push(stream);
  expect({ status: stream.status, type: stream.headers['content-type'], body: await stream.json() }).toEqual({
    status,
    type: expect.stringMatching(JSON_CONTENT_TYPE),
    body: { error: message },
  });
}
