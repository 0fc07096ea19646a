// Records every answer of the server under test (method, path, status, body)
// in the file named by E2E_RESPONSE_LOG, one JSON object a line, so that
// test/run-targets.js can validate them against the OpenAPI document
// (rest-facade/src/openapi/check-responses.ts). Streams and files are left
// alone: only JSON and HTML bodies are read, from a clone of the response.
import { appendFileSync } from 'node:fs';

const logFile = process.env.E2E_RESPONSE_LOG;
const RECORDED_TYPES = /\bjson\b|text\/html/i;

if (logFile && !(globalThis.fetch as { recording?: boolean }).recording) {
  const original = globalThis.fetch;
  const recording: typeof fetch = async (input, init) => {
    const response = await original(input, init);
    const base = process.env.E2E_BASE_URL;
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const contentType = response.headers.get('content-type');
    if (base && url.origin === new URL(base).origin && (!contentType || RECORDED_TYPES.test(contentType))) {
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      response
        .clone()
        .text()
        .then(
          (body) => appendFileSync(logFile, `${JSON.stringify({ method, path: url.pathname, status: response.status, contentType, body })}\n`),
          () => undefined,
        );
    }
    return response;
  };
  (recording as { recording?: boolean }).recording = true;
  globalThis.fetch = recording;
}
