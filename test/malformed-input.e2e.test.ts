// Malformed input never gives a 5xx and always answers JSON {"error": string};
// where the request is refused, nothing is created.
// docs/api/conventions.md#request-bodies (a value of the wrong shape counts as absent), docs/api/errors.md.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { e2eGraphqlUrl, uniqueUsername } from '@social/testkit';
import {
  INVALID_TOKEN,
  JSON_CONTENT_TYPE,
  RECORD_NOT_FOUND,
  expectClientError,
  expectError,
  expectInvalidToken,
  expectJson,
  expectRejected,
} from './support/expectations';
import { parseAnswer, rawExchange, statusLine } from './support/raw-http';
import { api, baseUrl, rig } from './support/server';
import { describeOnEmbeddedAndMulti } from './support/targets';

const NUL_REFUSED = 'Parameters must not contain NUL characters';

const TEXT_BLANK = "Validation failed: Text can't be blank";
const MIB = 1024 * 1024;

let user: TestUser;

beforeAll(async () => {
  user = await rig.newUser('malformed');
});

async function statusesCount(): Promise<number> {
  return (await rig.verifyCredentials(user.token)).statuses_count;
}

function postStatusRaw(body: string | Buffer, contentType: string) {
  return api.send('POST', '/api/v1/statuses', { token: user.token, body, contentType });
}

describeOnEmbeddedAndMulti('POST /api/v1/statuses', () => {
  describe('with a JSON body that does not parse', () => {
    it('answers 400 with a JSON error, and posts nothing', async () => {
      const before = await statusesCount();

      const response = await postStatusRaw('{"status": "unfinished', 'application/json');

      expectClientError(response, 400);
      expect(await statusesCount()).toBe(before);
    });
  });

  describe('with a JSON body that is not an object (null)', () => {
    it('answers 400 with a JSON error', async () => {
      expectClientError(await postStatusRaw('null', 'application/json'), 400);
    });
  });

  describe.each([
    ['an object', { a: 1 }],
    ['an array', ['a', 'b']],
    ['null', null],
  ])('with status as %s', (_shape, value) => {
    it(`answers 422 ${TEXT_BLANK}, the value counting as absent, and posts nothing`, async () => {
      const before = await statusesCount();

      const response = await api.postJson('/api/v1/statuses', { status: value }, { token: user.token });

      expectError(response, 422, TEXT_BLANK);
      expect(await statusesCount()).toBe(before);
    });
  });

  describe('with sensitive as an object', () => {
    it('answers 200 with sensitive false, the value counting as absent', async () => {
      const response = await api.postJson<MastodonStatus>('/api/v1/statuses', { status: 'odd flag', sensitive: { yes: true } }, { token: user.token });

      expectJson(response, 200);
      expect(response.body.sensitive).toBe(false);
    });
  });

  describe('with visibility as an array', () => {
    it('answers 200 with the default visibility public', async () => {
      const response = await api.postJson<MastodonStatus>('/api/v1/statuses', { status: 'odd visibility', visibility: ['private'] }, {
        token: user.token,
      });

      expectJson(response, 200);
      expect(response.body.visibility).toBe('public');
    });
  });

  describe('with a status of 100,000 characters', () => {
    it('answers 422 Text character limit of 500 exceeded, and posts nothing', async () => {
      const before = await statusesCount();

      const response = await api.postForm('/api/v1/statuses', { status: 'x'.repeat(100_000) }, { token: user.token });

      expectError(response, 422, 'Validation failed: Text character limit of 500 exceeded');
      expect(await statusesCount()).toBe(before);
    });
  });

  describe('with a body over 1 MiB', () => {
    it('answers 413 with a JSON error for a form, and posts nothing', async () => {
      const before = await statusesCount();

      const response = await postStatusRaw(`status=${'a'.repeat(MIB + 1024)}`, 'application/x-www-form-urlencoded');

      expectClientError(response, 413);
      expect(await statusesCount()).toBe(before);
    });

    it('answers 413 with a JSON error for JSON', async () => {
      expectClientError(await postStatusRaw(JSON.stringify({ status: 'a'.repeat(MIB + 1024) }), 'application/json'), 413);
    });
  });

  describe('with more form parameters than the server reads', () => {
    it('answers a 4xx JSON error, and posts nothing', async () => {
      const before = await statusesCount();
      const fields = Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&');

      const response = await postStatusRaw(`status=many&${fields}`, 'application/x-www-form-urlencoded');

      expect(response.status >= 400 && response.status < 500).toBe(true);
      expectClientError(response, response.status);
      expect(await statusesCount()).toBe(before);
    });
  });

  describe('with invalid UTF-8 bytes in a form', () => {
    it('answers 400 with a JSON error, and posts nothing', async () => {
      const before = await statusesCount();

      const response = await postStatusRaw(Buffer.concat([Buffer.from('status='), Buffer.from([0xff, 0xfe, 0xc3])]), 'application/x-www-form-urlencoded');

      expectClientError(response, 400);
      expect(await statusesCount()).toBe(before);
    });
  });

  describe('with percent-encoded invalid UTF-8 in a form', () => {
    it('answers 400 with a JSON error, and posts nothing', async () => {
      const before = await statusesCount();

      const response = await postStatusRaw('status=%FF%FE%C3', 'application/x-www-form-urlencoded');

      expectClientError(response, 400);
      expect(await statusesCount()).toBe(before);
    });
  });

  describe('with a NUL character in the text', () => {
    it('refuses it with a 4xx JSON error, not a 5xx', async () => {
      expectRejected(await api.postJson('/api/v1/statuses', { status: 'before\u0000after' }, { token: user.token }));
    });
  });

  describe('with a NUL character in spoiler_text', () => {
    it('refuses it with a 4xx JSON error, not a 5xx', async () => {
      expectRejected(await api.postForm('/api/v1/statuses', { status: 'text', spoiler_text: 'cw\u0000' }, { token: user.token }));
    });
  });

  describe('with a lone UTF-16 surrogate in JSON', () => {
    it('answers without a 5xx', async () => {
      const response = await postStatusRaw('{"status":"half \\ud800 a pair"}', 'application/json');

      expect(response.status).toBeLessThan(500);
      expectJson(response, response.status);
    });
  });

  describe('with a multipart Content-Type but no boundary', () => {
    it('answers 400 with a JSON error', async () => {
      expectClientError(await postStatusRaw('status=hello', 'multipart/form-data'), 400);
    });
  });

  describe('with a JSON body in an unsupported charset', () => {
    it('answers 415 with a JSON error', async () => {
      expectClientError(await postStatusRaw('{"status":"hello"}', 'application/json; charset=klingon'), 415);
    });
  });

  describe('with in_reply_to_id that is not a number', () => {
    it('answers 404 The post you are trying to reply to does not appear to exist.', async () => {
      const response = await api.postForm('/api/v1/statuses', { status: 'reply', in_reply_to_id: 'abc' }, { token: user.token });

      expectError(response, 404, 'The post you are trying to reply to does not appear to exist.');
    });
  });

  describe('with in_reply_to_id beyond 64 bits', () => {
    it('answers 404 The post you are trying to reply to does not appear to exist.', async () => {
      const response = await api.postForm('/api/v1/statuses', { status: 'reply', in_reply_to_id: '99999999999999999999' }, { token: user.token });

      expectError(response, 404, 'The post you are trying to reply to does not appear to exist.');
    });
  });

  describe('with an Authorization header that is not Bearer', () => {
    it('answers 401 The access token is invalid', async () => {
      const response = await api.postForm('/api/v1/statuses', { status: 'basic' }, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });

      expectInvalidToken(response);
    });
  });

  describe('with a 4 KB bearer token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.postForm('/api/v1/statuses', { status: 'long token' }, { token: 'A'.repeat(4096) }));
    });
  });
});

describeOnEmbeddedAndMulti.each(['GET', 'DELETE'])('%s /api/v1/statuses/:id', (method) => {
  describe.each([
    ['not a number', 'abc'],
    ['out of 64-bit range', '99999999999999999999'],
    ['negative', '-1'],
    ['in exponent notation', '1e5'],
  ])('with an id that is %s', (_condition, id) => {
    it('answers 404 Record not found', async () => {
      expectError(await api.send(method, `/api/v1/statuses/${id}`, { token: user.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a broken percent-encoding in the id', () => {
    it('answers 400 with a JSON error', async () => {
      expectClientError(await api.send(method, '/api/v1/statuses/%E0%A4%A', { token: user.token }), 400);
    });
  });

  describe('with a percent-encoded NUL in the id', () => {
    it(`answers 400 ${NUL_REFUSED}`, async () => {
      expectError(await api.send(method, '/api/v1/statuses/%00', { token: user.token }), 400, NUL_REFUSED);
    });
  });
});

// PostgreSQL cannot compare text holding U+0000: a path or query value carrying one is refused before any
// route runs, whichever route it is (the tag timeline once answered 500), and so is a path or query that is
// not valid percent-encoded UTF-8.
describe('a NUL character in the path or the query string', () => {
  describe.each([
    ['GET', '/api/v1/timelines/tag/%00'],
    ['GET', '/api/v1/timelines/tag/rabbits%00holes'],
    ['GET', '/api/v1/accounts/%00/statuses'],
    ['GET', '/api/v1/accounts/%00'],
    ['GET', '/api/v1/statuses/%00/context'],
    ['POST', '/api/v1/statuses/%00/favourite'],
    ['GET', '/api/v1/lists/%00'],
    ['PUT', '/api/v1/media/%00'],
    ['GET', '/api/v1/timelines/public?max_id=%00'],
    ['GET', '/api/v1/timelines/tag/rabbits?any[]=%00'],
    ['GET', '/api/v1/notifications?types[]=men%00tion'],
    ['GET', '/api/v1/streaming/hashtag?tag=%00'],
    ['GET', '/api/v1/no-such-route/%00'],
  ])('%s %s', (method, path) => {
    it(`answers 400 ${NUL_REFUSED}`, async () => {
      expectError(await api.send(method, path, { token: user.token }), 400, NUL_REFUSED);
    });
  });
});

// Node's HTTP parser refuses a raw control character or space in the request line before any route; the
// answer is JSON too, from the facade's port and the gateway's (its own process on the multi target).
describe('a request line with a raw NUL or space in the path', () => {
  describe.each([
    ['the REST API', () => baseUrl],
    ['the GraphQL endpoint', () => e2eGraphqlUrl()],
  ])('on %s', (_where, url) => {
    it.each([
      ['a NUL', 'GET /api/v1/timelines/tag/a\u0000b HTTP/1.1'],
      ['a space', 'GET /api/v1/timelines/tag/a b HTTP/1.1'],
      ['a NUL in /graphql', 'POST /graphql\u0000 HTTP/1.1'],
    ])('with %s: 400 {"error": "Bad Request"}, and the connection closed', async (_what, line) => {
      const exchange = await rawExchange(url(), `${line}\r\nHost: 127.0.0.1\r\n\r\n`, 10_000);

      expect(statusLine(exchange.answer)).toBe('HTTP/1.1 400 Bad Request');
      const { headers, body } = parseAnswer(exchange.answer);
      expect(headers['content-type']).toMatch(JSON_CONTENT_TYPE);
      expect(JSON.parse(body)).toEqual({ error: 'Bad Request' });
      expect(exchange.closedAfterMs).not.toBeNull();
    });
  });
});

describe('a JSON body that does not parse, on any route', () => {
  describe.each([
    ['POST', '/api/v1/statuses'],
    ['POST', '/api/v1/apps'],
    ['POST', '/api/v1/lists'],
    ['PUT', '/api/v1/media/1'],
    ['POST', '/api/v1/statuses/1/favourite'],
  ])('%s %s', (method, path) => {
    it("answers 400 with the parser's message only, no stack", async () => {
      const response = await api.send(method, path, { token: user.token, body: '{"status": "unfinished', contentType: 'application/json' });

      expectError(response, 400, 'Error occurred while parsing request parameters');
    });
  });
});

describe('a path or query string that is not valid percent-encoded UTF-8', () => {
  describe.each([
    ['GET', '/api/v1/timelines/tag/%E0%A4%A'],
    ['GET', '/api/v1/accounts/%FF/statuses'],
    ['GET', '/api/v1/no-such-route/%C3%28'],
    ['GET', '/api/v1/timelines/public?max_id=%E0%A4%A'],
    ['GET', '/api/v1/streaming/hashtag?tag=%FF'],
  ])('%s %s', (method, path) => {
    it('answers 400 with a JSON error', async () => {
      expectClientError(await api.send(method, path, { token: user.token }), 400);
    });
  });
});

describeOnEmbeddedAndMulti('GET /api/v1/accounts/:id', () => {
  describe.each([
    ['not a number', 'abc'],
    ['out of 64-bit range', '99999999999999999999'],
    ['negative', '-1'],
  ])('with an id that is %s', (_condition, id) => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get(`/api/v1/accounts/${id}`), 404, RECORD_NOT_FOUND);
    });
  });
});

describeOnEmbeddedAndMulti('POST /api/v1/apps', () => {
  describe('with a JSON body that does not parse', () => {
    it('answers 400 with a JSON error', async () => {
      expectClientError(await api.send('POST', '/api/v1/apps', { body: '{"client_name":', contentType: 'application/json' }), 400);
    });
  });

  describe('with client_name and redirect_uris of the wrong types', () => {
    it('answers 422 as if both were missing', async () => {
      const response = await api.postJson('/api/v1/apps', { client_name: ['a'], redirect_uris: { x: 1 } });

      expectError(response, 422, "Validation failed: Application name can't be blank, Redirect URI can't be blank");
    });
  });

  describe('with a client_name of 100,000 characters', () => {
    it('answers 422 Application name is too long', async () => {
      const response = await api.postForm('/api/v1/apps', { client_name: 'n'.repeat(100_000), redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' });

      expectError(response, 422, 'Validation failed: Application name is too long (maximum is 60 characters)');
    });
  });

  describe.each([
    ['client_name', { client_name: 'nul\u0000name', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' }],
    ['redirect_uris', { client_name: 'nul uri', redirect_uris: 'https://client.example/a\u0000b' }],
    ['website', { client_name: 'nul site', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', website: 'https://client.example/\u0000' }],
  ])('with a NUL character in %s', (_field, fields) => {
    it('refuses it with a 4xx JSON error, not a 5xx', async () => {
      expectRejected(await api.postForm('/api/v1/apps', fields));
    });
  });
});

describeOnEmbeddedAndMulti('POST /api/v1/accounts', () => {
  let appToken: string;

  beforeAll(async () => {
    appToken = await rig.appToken(await rig.registerApp('read write'), 'write');
  });

  describe('with username, e-mail and password of 10,000 characters each', () => {
    it('answers 422 naming each field, and creates no account', async () => {
      const response = await api.postForm(
        '/api/v1/accounts',
        { username: 'u'.repeat(10_000), email: `${'e'.repeat(10_000)}@example.com`, password: 'p'.repeat(10_000), agreement: 'true' },
        { token: appToken },
      );

      expectJson(response, 422);
      expect(response.body).toEqual({
        error:
          'Validation failed: Username is too long (maximum is 30 characters), Email is invalid, Password is too long (maximum is 72 characters)',
        details: {
          username: [{ error: 'ERR_TOO_LONG', description: 'is too long (maximum is 30 characters)' }],
          email: [{ error: 'ERR_INVALID', description: 'is invalid' }],
          password: [{ error: 'ERR_TOO_LONG', description: 'is too long (maximum is 72 characters)' }],
        },
      });
    });
  });

  describe('with a NUL character in the e-mail address', () => {
    it('refuses it with a 4xx JSON error, not a 5xx', async () => {
      const username = uniqueUsername('nulmail');

      const response = await api.postForm(
        '/api/v1/accounts',
        { username, email: `${username}\u0000@example.com`, password: 'long enough password', agreement: 'true' },
        { token: appToken },
      );

      expectRejected(response);
    });
  });
});

describeOnEmbeddedAndMulti('POST /oauth/token', () => {
  describe('with a JSON body that does not parse', () => {
    it('answers 400 with a JSON error', async () => {
      expectClientError(await api.send('POST', '/oauth/token', { body: '{"grant_type":', contentType: 'application/json' }), 400);
    });
  });

  describe('with grant_type as an object', () => {
    it('answers 400 invalid_request, the parameter counting as missing', async () => {
      const response = await api.postJson('/oauth/token', { grant_type: { a: 1 } });

      expectJson(response, 400);
      expect(response.body).toEqual({ error: 'invalid_request', error_description: 'Missing required parameter: grant_type.' });
    });
  });

  // PostgreSQL cannot store or compare U+0000: the facade refuses it before any lookup.
  describe('with a NUL character in client_id', () => {
    it('answers 400 before any lookup, not a 5xx', async () => {
      const response = await api.postForm('/oauth/token', { grant_type: 'client_credentials', client_id: 'a\u0000b', client_secret: 'x' });

      expectError(response, 400, NUL_REFUSED);
    });
  });
});

describeOnEmbeddedAndMulti('POST /oauth/revoke', () => {
  describe('with a NUL character in client_id', () => {
    it('answers 400 before any lookup, not a 5xx', async () => {
      const response = await api.postForm('/oauth/revoke', { client_id: 'a\u0000b', client_secret: 'x', token: 'y' });

      expectError(response, 400, NUL_REFUSED);
    });
  });
});

describeOnEmbeddedAndMulti('any method on an unknown route', () => {
  describe.each([
    ['GET', '/api/v1/does-not-exist'],
    ['POST', '/api/v9/statuses'],
    ['DELETE', '/api/v1/apps'],
    // PUT /api/v1/statuses/:id is the edit route (docs/api/edits.md); statuses take no PATCH.
    ['PATCH', '/api/v1/statuses/1'],
    ['GET', '/definitely/not/here'],
  ])('%s %s', (method, path) => {
    it('answers 404 {"error":"Not Found"}', async () => {
      expectError(await api.send(method, path, { token: user.token }), 404, 'Not Found');
    });
  });
});

describeOnEmbeddedAndMulti('GET /api/v1/accounts/verify_credentials', () => {
  describe('with the token in the access_token query parameter', () => {
    it('answers 200, as Doorkeeper reads it there after the header', async () => {
      const response = await api.get('/api/v1/accounts/verify_credentials', { query: { access_token: user.token } });

      expectJson(response, 200);
    });
  });

  describe('with a NUL character in the access_token query parameter', () => {
    it('answers 400 in every deployment, not a 5xx', async () => {
      expectError(await api.get('/api/v1/accounts/verify_credentials', { query: { access_token: 'a\u0000b' } }), 400, NUL_REFUSED);
    });
  });

  describe('with a control character in the access_token query parameter', () => {
    it(`answers 401 ${INVALID_TOKEN} in every deployment, not a 5xx`, async () => {
      expectInvalidToken(await api.get('/api/v1/accounts/verify_credentials', { query: { access_token: 'a\nb' } }));
    });
  });
});
