// Issue #15: every text field has a bound checked before anything walks it (docs/limits.md).
// Each field answers Mastodon's 422 (or its OAuth error) at once, however long the text; a
// text past the gateway's ceiling for any string is refused before it reaches a service.
import type { JsonObject } from '@social/testkit';
import { expectError } from '../support/expectations';
import { codesOf, gql } from '../support/graphql';
import { api, rig } from '../support/server';
import type { TestUser } from '@social/testkit';

jest.setTimeout(60_000);

/** Far longer than a linear check needs, far shorter than the quadratic walks took. */
const PROMPT_MS = 5_000;

/** A single grapheme cluster of `length` code units: one character to a grapheme count. */
const oneCluster = (length: number): string => 'a' + '\u0301'.repeat(length - 1);

async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = Date.now();
  const answer = await call();
  return { answer, ms: Date.now() - started };
}

let user: TestUser;

beforeAll(async () => {
  user = await rig.newUser('bounds');
});

describe('POST /api/v1/statuses', () => {
  it('a text of 60,000 characters: 422 Text character limit, at once', async () => {
    const { answer, ms } = await timed(() => api.postForm('/api/v1/statuses', { status: 'a'.repeat(60_000) }, { token: user.token }));
    expectError(answer, 422, 'Validation failed: Text character limit of 500 exceeded');
    expect(ms).toBeLessThan(PROMPT_MS);
  });

  it('one character of 60,000 code units (a letter and its marks) is past the ceiling: 422', async () => {
    const answer = await api.postForm('/api/v1/statuses', { status: oneCluster(60_000) }, { token: user.token });
    expectError(answer, 422, 'Validation failed: Text character limit of 500 exceeded');
  });

  it('500 characters of 20 code units each are within the ceiling: 200', async () => {
    const family = '👨‍👩‍👧‍👦'; // 11 code units, one character
    const answer = await api.postForm<JsonObject>('/api/v1/statuses', { status: family.repeat(500) }, { token: user.token });
    expect({ status: answer.status, whole: answer.body.content === `<p>${family.repeat(500)}</p>` }).toEqual({ status: 200, whole: true });
  });

  it('a spoiler text past the ceiling: 422 Text character limit', async () => {
    const answer = await api.postForm('/api/v1/statuses', { status: 'hi', spoiler_text: oneCluster(50_000) }, { token: user.token });
    expectError(answer, 422, 'Validation failed: Text character limit of 500 exceeded');
  });

  it('a text of 150,000 characters is refused by the gateway: 422, at once', async () => {
    const { answer, ms } = await timed(() => api.postForm('/api/v1/statuses', { status: 'a'.repeat(150_000) }, { token: user.token }));
    expectError(answer, 422, 'Validation failed: Status is too long (maximum is 100000 characters)');
    expect(ms).toBeLessThan(PROMPT_MS);
  });

  it('a poll option of 99,999 characters: 422 Choices, at once, and the server lives on', async () => {
    const poll = { options: ['a'.repeat(99_999), 'b'], expires_in: 3600 };
    const { answer, ms } = await timed(() => api.postJson('/api/v1/statuses', { status: 'poll', poll }, { token: user.token }));
    expectError(answer, 422, 'Validation failed: Choices cannot be longer than 50 characters each');
    expect(ms).toBeLessThan(PROMPT_MS);
    expect((await api.get('/health')).status).toBe(200);
  });

  it('a poll option of 100,001 characters is refused by the gateway: 422', async () => {
    const poll = { options: ['a'.repeat(100_001), 'b'], expires_in: 3600 };
    const answer = await api.postJson('/api/v1/statuses', { status: 'poll', poll }, { token: user.token });
    expectError(answer, 422, 'Validation failed: Options is too long (maximum is 100000 characters)');
  });

  it('a poll option of one character but 5,001 code units: 422 Choices', async () => {
    const poll = { options: [oneCluster(5_001), 'b'], expires_in: 3600 };
    const answer = await api.postJson('/api/v1/statuses', { status: 'poll', poll }, { token: user.token });
    expectError(answer, 422, 'Validation failed: Choices cannot be longer than 50 characters each');
  });

  it('an Idempotency-Key of 8,000 characters: 422, not a database error', async () => {
    const answer = await api.postForm('/api/v1/statuses', { status: 'once' }, { token: user.token, headers: { 'idempotency-key': 'k'.repeat(8_000) } });
    expectError(answer, 422, 'Validation failed: Idempotency key is too long (maximum is 512 characters)');
  });

  it('scheduled, a text past the ceiling: the bare 422 Record invalid', async () => {
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const answer = await api.postForm('/api/v1/statuses', { status: oneCluster(60_000), scheduled_at: scheduledAt }, { token: user.token });
    expectError(answer, 422, 'Record invalid');
  });
});

describe('lists', () => {
  it('POST /api/v1/lists with a title of 257 characters: 422', async () => {
    const answer = await api.postForm('/api/v1/lists', { title: 'l'.repeat(257) }, { token: user.token });
    expectError(answer, 422, 'Validation failed: Title is too long (maximum is 256 characters)');
  });

  it('a title of 256 characters: 200', async () => {
    const answer = await api.postForm<JsonObject>('/api/v1/lists', { title: 'l'.repeat(256) }, { token: user.token });
    expect({ status: answer.status, title: answer.body.title }).toEqual({ status: 200, title: 'l'.repeat(256) });
  });
});

describe('filters', () => {
  it('POST /api/v2/filters with a title or a keyword of 257 characters: 422', async () => {
    const title = await api.postJson('/api/v2/filters', { title: 'f'.repeat(257), context: ['home'] }, { token: user.token });
    expectError(title, 422, 'Validation failed: Title is too long (maximum is 256 characters)');
    const keyword = await api.postJson('/api/v2/filters', { title: 'f', context: ['home'], keywords_attributes: [{ keyword: 'k'.repeat(257) }] }, { token: user.token });
    expectError(keyword, 422, 'Validation failed: Keyword is too long (maximum is 256 characters)');
  });

  it('a title and a keyword of 256 characters: 200', async () => {
    const answer = await api.postJson<JsonObject>('/api/v2/filters', { title: 'f'.repeat(256), context: ['home'], keywords_attributes: [{ keyword: 'k'.repeat(256) }] }, { token: user.token });
    expect({ status: answer.status, title: answer.body.title }).toEqual({ status: 200, title: 'f'.repeat(256) });
  });
});

describe('private notes and domain blocks', () => {
  it('POST /api/v1/accounts/:id/note with a comment of 2,001 characters, even one past the gateway\'s ceiling: 422', async () => {
    for (const comment of ['n'.repeat(2_001), 'n'.repeat(90_000)]) {
      const answer = await api.postForm(`/api/v1/accounts/${user.account.id}/note`, { comment }, { token: user.token });
      expectError(answer, 422, 'Validation failed: Comment is too long (maximum is 2000 characters)');
    }
  });

  it('POST /api/v1/domain_blocks with a domain of 90,000 code units: 422, unread', async () => {
    const answer = await api.postForm('/api/v1/domain_blocks', { domain: `${'d'.repeat(89_990)}.example` }, { token: user.token });
    expectError(answer, 422, 'Validation failed: Domain is not a valid domain name');
  });
});

describe('POST /api/v1/apps', () => {
  it('a website of 2,001 characters: 422', async () => {
    const answer = await api.postForm('/api/v1/apps', {
      client_name: 'long site',
      redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
      website: `https://example.com/${'w'.repeat(1_981)}`,
    });
    expectError(answer, 422, 'Validation failed: Application website is too long (maximum is 2000 characters)');
  });

  it('a scope list of 5,000 characters: 422 Scopes', async () => {
    const answer = await api.postForm('/api/v1/apps', { client_name: 'scopes', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read '.repeat(1_000) });
    expectError(answer, 422, "Validation failed: Scopes doesn't match those configured on the server.");
  });
});

describe('POST /api/v1/accounts', () => {
  let appToken: string;

  beforeAll(async () => {
    appToken = await rig.appToken(await rig.registerApp(), 'write');
  });

  it('an e-mail address of 90,000 characters is invalid, at once', async () => {
    // Shaped to make the address pattern backtrack: quadratic in its length when read whole.
    const email = `a@${'b.'.repeat(45_000)}@`;
    const { answer, ms } = await timed(() =>
      api.postForm<JsonObject>('/api/v1/accounts', { username: 'longmail', email, password: 'correct horse', agreement: 'true' }, { token: appToken }),
    );
    expect({ status: answer.status, details: answer.body.details }).toEqual({
      status: 422,
      details: { email: [{ error: 'ERR_INVALID', description: 'is invalid' }] },
    });
    expect(ms).toBeLessThan(PROMPT_MS);
  });

  it('a password of 73 characters: 422 too long', async () => {
    const answer = await api.postForm<JsonObject>(
      '/api/v1/accounts',
      { username: 'longpass', email: 'longpass@example.com', password: 'p'.repeat(73), agreement: 'true' },
      { token: appToken },
    );
    expect({ status: answer.status, details: answer.body.details }).toEqual({
      status: 422,
      details: { password: [{ error: 'ERR_TOO_LONG', description: 'is too long (maximum is 72 characters)' }] },
    });
  });

  it('a reason of 421 characters: 422 too long', async () => {
    const answer = await api.postForm<JsonObject>(
      '/api/v1/accounts',
      { username: 'longreason', email: 'longreason@example.com', password: 'correct horse', agreement: 'true', reason: 'r'.repeat(421) },
      { token: appToken },
    );
    expect({ status: answer.status, error: answer.body.error, details: answer.body.details }).toEqual({
      status: 422,
      error: 'Validation failed: Reason is too long (maximum is 420 characters)',
      details: { reason: [{ error: 'ERR_TOO_LONG', description: 'is too long (maximum is 420 characters)' }] },
    });
  });
});

describe('POST /oauth/token', () => {
  it('a password of 4,000 characters (no password is over 72): invalid_grant, at once', async () => {
    const { answer, ms } = await timed(() =>
      api.postForm<JsonObject>('/oauth/token', {
        grant_type: 'password',
        client_id: user.app.client_id,
        client_secret: user.app.client_secret,
        username: user.email,
        password: 'p'.repeat(4_000),
      }),
    );
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 400, error: 'invalid_grant' });
    expect(ms).toBeLessThan(PROMPT_MS);
  });

  it('a client_id of 5,000 characters: invalid_request', async () => {
    const answer = await api.postForm<JsonObject>('/oauth/token', { grant_type: 'client_credentials', client_id: 'c'.repeat(5_000), client_secret: 'secret' });
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 400, error: 'invalid_request' });
  });
});

describe('the gateway, called directly', () => {
  it('a string variable over 100,000 characters: BAD_USER_INPUT before execution', async () => {
    const response = await gql(
      'mutation ($input: PublishStatusInput!) { publishStatus(input: $input) { status { id } } }',
      { input: { status: 'a'.repeat(100_001) } },
      user.token,
    );
    expect({ status: response.status, codes: codesOf(response), message: response.errors?.[0]?.message }).toEqual({
      status: 400,
      codes: ['BAD_USER_INPUT'],
      message: 'Validation failed: Status is too long (maximum is 100000 characters)',
    });
  });

  it('a string literal over 100,000 characters in the document: refused the same way', async () => {
    const response = await gql(`mutation { createList(input: { title: "${'t'.repeat(100_001)}" }) { list { id } } }`, {}, user.token);
    expect({ status: response.status, codes: codesOf(response) }).toEqual({ status: 400, codes: ['BAD_USER_INPUT'] });
  });
});
