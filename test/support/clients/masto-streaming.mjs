// Subscribes with masto.js's streaming client (npm `masto` 8, createStreamingAPIClient) to the user,
// public and hashtag streams, taking the streaming URL from /api/v2/instance as masto's docs show,
// and prints every event it receives as one JSON line: {"name","event","stream","payload"}.
// Prints {"ready":true} once subscribed. A separate Node process because masto is ESM-only; masto 8
// declares Node >= 22, so Promise.withResolvers and a global WebSocket are polyfilled here only.
//
//   node masto-streaming.mjs '{"url":"http://...","token":"<user token>","tag":"<hashtag>"}'
import { WebSocket } from 'undici';

if (!Promise.withResolvers) {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
globalThis.WebSocket ??= WebSocket;

const { createRestAPIClient, createStreamingAPIClient } = await import('masto');
const { url, token, tag } = JSON.parse(process.argv[2]);
const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

const instance = await createRestAPIClient({ url }).v2.instance.fetch();
const streaming = createStreamingAPIClient({ streamingApiUrl: instance.configuration.urls.streaming, accessToken: token, retry: false });

async function collect(name, subscription) {
  try {
    for await (const event of subscription) print({ name, event: event.event, stream: event.stream, payload: event.payload });
  } catch (error) {
    print({ name, error: String(error) });
  }
}

void collect('user', streaming.user.subscribe());
void collect('public', streaming.public.subscribe());
void collect('hashtag', streaming.hashtag.subscribe({ tag }));
print({ ready: true });
