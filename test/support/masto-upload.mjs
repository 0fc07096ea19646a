// masto.js's v2.media.create against the server under test, in a process of
// its own: masto.js 8 is an ES module written for Node 22. On Node 20 it
// needs Promise.withResolvers and a global WebSocket; both are provided here,
// for this test only.
//   node masto-upload.mjs <base url> <access token> <file> <content type> <description>
// Prints the attachment masto.js resolves with (after polling GET /api/v1/media/:id), as JSON.
import { readFile } from 'node:fs/promises';
import { WebSocket } from 'undici';

if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
globalThis.WebSocket ??= WebSocket;

const { createRestAPIClient } = await import('masto');
const [url, accessToken, file, type, description] = process.argv.slice(2);
const masto = createRestAPIClient({ url, accessToken });
const attachment = await masto.v2.media.create({ file: new Blob([await readFile(file)], { type }), description, focus: '0.1,-0.2' });
process.stdout.write(JSON.stringify(attachment));
