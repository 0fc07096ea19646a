// Runs one masto.js (npm `masto` 8) call against the server and prints its outcome as JSON:
// {"ok":true,"result":...} or {"ok":false,"error":{name,message,statusCode}}. A separate Node
// process because masto is ESM-only. masto 8 declares Node >= 22; on Node 20 it runs once
// Promise.withResolvers and a global WebSocket exist (docs/api/client-compatibility.md#client-libraries-in-the-tests), polyfilled here only.
//
//   node masto-oauth.mjs '{"url":"http://...","call":"token.create","params":{...}}'
//   calls: token.create, revoke (createOAuthAPIClient); apps.create, apps.verifyCredentials,
//   accounts.create, accounts.verifyCredentials (createRestAPIClient, with accessToken when given)
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

const { createOAuthAPIClient, createRestAPIClient } = await import('masto');
const { url, call, params, accessToken } = JSON.parse(process.argv[2]);

const calls = {
  'token.create': () => createOAuthAPIClient({ url }).token.create(params),
  revoke: () => createOAuthAPIClient({ url }).revoke(params),
  'apps.create': () => createRestAPIClient({ url }).v1.apps.create(params),
  'apps.verifyCredentials': () => createRestAPIClient({ url, accessToken }).v1.apps.verifyCredentials(),
  'accounts.create': () => createRestAPIClient({ url, accessToken }).v1.accounts.create(params),
  'accounts.verifyCredentials': () => createRestAPIClient({ url, accessToken }).v1.accounts.verifyCredentials(),
};

try {
  const result = await calls[call]();
  process.stdout.write(JSON.stringify({ ok: true, result: result ?? null }));
} catch (error) {
  process.stdout.write(JSON.stringify({ ok: false, error: { name: error.name, message: error.message, statusCode: error.statusCode ?? null } }));
}
