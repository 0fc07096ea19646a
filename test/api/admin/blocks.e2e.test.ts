// The moderators' blocks (docs/api/moderation.md): e-mail domain blocks, IP blocks, canonical e-mail
// blocks, domain blocks and allows, their admin routes (admin scopes and a role with manage_blocks or
// manage_federation), their GraphQL operations, the audit rows, and their enforcement: sign-ups refused
// by e-mail domain (and subdomains), canonical address and IP (sign_up_block, sign_up_requires_approval),
// every request of a no_access address refused with 403 (REST, GraphQL, cached status reads), expired
// blocks no longer applying; and the sign-up address, by which the ip filter of GET /api/v2/admin/accounts
// finds an account. Client addresses are X-Forwarded-For values the facade believes from loopback
// (TRUSTED_PROXIES): random documentation-range addresses, so no other test's requests fall
// under a block (every test's own requests come from 127.0.0.1). The blocks are the target's Admin's
// (test/support/staff.ts), so they run on every target, each removed once its test is done (other suites
// share the server); only the audit rows, which no API reads, need the target's database.
import { randomBytes } from 'node:crypto';
import { eventually, type JsonObject, type MastodonToken, type TestUser } from '@social/testkit';
import { connectDatabase, describeWithDatabase } from '../../support/database';
import { ID, ISO_MS, OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectJson } from '../../support/expectations';
import { gql, graphqlUrl } from '../../support/graphql';
import { warm } from '../../support/read-cache';
import { api, rig } from '../../support/server';
import { NOT_ALLOWED, staffAccountId, staffToken } from '../../support/staff';

jest.setTimeout(120_000);

const ADMIN_SCOPES = 'read write admin:read admin:write';

/**
 * A fresh IPv6 address of the documentation range, in a /64 of its own, written as the server writes it back
 * (RFC 5952: no leading zeros in a group, so every group is 1000-ffff).
 */
function address(): string {
  const group = () => (0x1000 + (randomBytes(2).readUInt16BE(0) % 0xf000)).toString(16);
  return `2001:db8:${group()}:${group()}::${group()}`;
}

/** A fresh IPv4 /24 of the documentation and benchmarking ranges (a test's own), as its first three octets. */
function network(): string {
  return `198.${18 + (randomBytes(1)[0] % 2)}.${randomBytes(1)[0]}`;
}

function from(ip: string): Record<string, string> {
  return { 'x-forwarded-for': ip };
}

/** Every admin route this change adds, with an id filled in. */
const blockRoutes = (id: string): Array<['get' | 'post' | 'put' | 'delete', string]> => [
  ['get', '/api/v1/admin/email_domain_blocks'],
  ['post', '/api/v1/admin/email_domain_blocks'],
  ['get', `/api/v1/admin/email_domain_blocks/${id}`],
  ['delete', `/api/v1/admin/email_domain_blocks/${id}`],
  ['get', '/api/v1/admin/ip_blocks'],
  ['post', '/api/v1/admin/ip_blocks'],
  ['get', `/api/v1/admin/ip_blocks/${id}`],
  ['put', `/api/v1/admin/ip_blocks/${id}`],
  ['delete', `/api/v1/admin/ip_blocks/${id}`],
  ['get', '/api/v1/admin/canonical_email_blocks'],
  ['post', '/api/v1/admin/canonical_email_blocks'],
  ['post', '/api/v1/admin/canonical_email_blocks/test'],
  ['get', `/api/v1/admin/canonical_email_blocks/${id}`],
  ['delete', `/api/v1/admin/canonical_email_blocks/${id}`],
  ['get', '/api/v1/admin/domain_blocks'],
  ['post', '/api/v1/admin/domain_blocks'],
  ['get', `/api/v1/admin/domain_blocks/${id}`],
  ['put', `/api/v1/admin/domain_blocks/${id}`],
  ['delete', `/api/v1/admin/domain_blocks/${id}`],
  ['get', '/api/v1/admin/domain_allows'],
  ['post', '/api/v1/admin/domain_allows'],
  ['get', `/api/v1/admin/domain_allows/${id}`],
  ['delete', `/api/v1/admin/domain_allows/${id}`],
];

function putForm(route: string, fields: Record<string, string>, token: string) {
  return api.send<JsonObject>('PUT', route, { token, body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' });
}

function call(method: 'get' | 'post' | 'put' | 'delete', route: string, token: string, fields: Record<string, string> = {}) {
  if (method === 'get') return api.get<JsonObject>(route, { token });
  if (method === 'delete') return api.delete<JsonObject>(route, { token });
  if (method === 'put') return putForm(route, fields, token);
  return api.postForm<JsonObject>(route, fields, { token });
}

/** A password-grant token of the user, with these scopes (the user's app must have registered them). */
async function tokenOf(user: TestUser, scope: string): Promise<string> {
  const response = await api.postForm<MastodonToken>('/oauth/token', {
    grant_type: 'password', client_id: user.app.client_id, client_secret: user.app.client_secret, username: user.email, password: user.password, scope,
  });
  if (response.status !== 200) throw new Error(`token (${scope}) answered ${response.status}: ${response.text}`);
  return response.body.access_token;
}

/** A sign-up through a new app's token, from the given client address. */
async function signUp(email: string, ip: string = address()) {
  const app = await rig.registerApp('read write');
  const appToken = await rig.appToken(app, 'write');
  const username = `u${randomBytes(5).toString('hex')}`;
  return api.postForm<JsonObject>('/api/v1/accounts', { username, email, password: 'correct-horse-battery', agreement: 'true', locale: 'en' }, { token: appToken, headers: from(ip) });
}

function unique(): string {
  return randomBytes(4).toString('hex');
}

describe('block routes without the permission', () => {
  let user: TestUser;
  let plain: TestUser;
  let adminScoped: string;

  beforeAll(async () => {
    [user, plain] = await Promise.all([rig.newUser('nostaff', ADMIN_SCOPES), rig.newUser('plain')]);
    adminScoped = await tokenOf(user, 'read admin:read admin:write');
  });

  it('answers 403 not allowed to a user whose role lacks manage_blocks or manage_federation', async () => {
    for (const [method, route] of blockRoutes('1')) {
      const response = await call(method, route, adminScoped, { domain: 'x.example', ip: '192.0.2.1', severity: 'no_access', email: 'a@b.example' });
      expect({ route: `${method} ${route}`, status: response.status, body: response.body }).toEqual({ route: `${method} ${route}`, status: 403, body: { error: NOT_ALLOWED } });
    }
  });

  it('answers 403 outside the scopes to a token without admin scopes', async () => {
    for (const [method, route] of blockRoutes('1')) {
      const response = await call(method, route, plain.token);
      expect({ route: `${method} ${route}`, status: response.status, body: response.body }).toEqual({ route: `${method} ${route}`, status: 403, body: { error: OUTSIDE_SCOPES } });
    }
  });

  it('refuses the GraphQL operations with FORBIDDEN', async () => {
    for (const query of ['{ adminIpBlocks { items { id } } }', '{ adminDomainBlocks { items { id } } }', '{ adminCanonicalEmailBlocksMatching(email: "a@b.example") { id } }']) {
      const response = await gql(query, {}, adminScoped);
      expect({ query, codes: response.errors?.map((error) => error.extensions?.code) }).toEqual({ query, codes: ['FORBIDDEN'] });
    }
    const mutation = await gql('mutation { createEmailDomainBlock(input: { domain: "x.example" }) { emailDomainBlock { id } errors { code } } }', {}, adminScoped);
    expect(mutation.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
  });

  it('answers the public list of blocked domains (an array) to anyone', async () => {
    const response = await api.get<JsonObject[]>('/api/v1/instance/domain_blocks');
    expectJson(response, 200);
    expect(Array.isArray(response.body)).toBe(true);
  });
});

describe("blocks (the target's Admin)", () => {
  let token: string;

  const post = (route: string, fields: Record<string, string | boolean>) => api.postForm<JsonObject>(route, fields as never, { token });
  /** Removes what the test added (a shared target's other suites see instance-wide blocks). */
  const remove = async (route: string) => expect((await api.delete(route, { token })).status).toBe(200);

  beforeAll(async () => {
    token = await staffToken('Admin', 'read admin:read admin:write');
  });

  it('refuses a Moderator (no manage_blocks, no manage_federation) with 403', async () => {
    for (const route of ['/api/v1/admin/ip_blocks', '/api/v1/admin/email_domain_blocks', '/api/v1/admin/canonical_email_blocks', '/api/v1/admin/domain_blocks', '/api/v1/admin/domain_allows']) {
      expectError(await api.get(route, { token: await staffToken('Moderator') }), 403, NOT_ALLOWED);
    }
  });

  describe('e-mail domain blocks', () => {
    it('blocks sign-ups with the domain and its subdomains, counts them in the history, and lets them in once lifted', async () => {
      const domain = `spam-${unique()}.example`;
      const created = await post('/api/v1/admin/email_domain_blocks', { domain: domain.toUpperCase() });
      expectJson(created, 200);
      expect(created.body).toEqual({ id: expect.stringMatching(ID), domain, created_at: expect.stringMatching(ISO_MS), history: expect.any(Array) });
      const id = created.body.id as string;
      expect(created.body.history).toHaveLength(7);

      for (const email of [`someone@${domain}`, `someone@mail.${domain}`, `SomeOne@Deep.Mail.${domain.toUpperCase()}`]) {
        const refused = await signUp(email);
        expect({ email, status: refused.status, body: refused.body }).toEqual({
          email,
          status: 422,
          body: { error: 'Validation failed: Email uses a disallowed e-mail provider', details: { email: [{ error: 'ERR_BLOCKED', description: 'uses a disallowed e-mail provider' }] } },
        });
      }
      expectJson(await signUp(`someone@not${domain}`), 200);

      const shown = await api.get<JsonObject>(`/api/v1/admin/email_domain_blocks/${id}`, { token });
      const today = (shown.body.history as JsonObject[])[0];
      expect(today).toEqual({ day: expect.stringMatching(/^\d+$/), accounts: '3', uses: '3' });
      expect(Number(today.day) % 86400).toBe(0);

      const listed = await api.get<JsonObject[]>('/api/v1/admin/email_domain_blocks', { token, query: { limit: '200' } });
      expect(listed.body.map((block) => block.id)).toContain(id);

      expectError(await post('/api/v1/admin/email_domain_blocks', { domain }), 422, 'Validation failed: Domain has already been taken');
      expectError(await post('/api/v1/admin/email_domain_blocks', { domain: 'not a domain' }), 422, 'Validation failed: Domain is not a valid domain name');
      expectError(await post('/api/v1/admin/email_domain_blocks', {}), 422, "Validation failed: Domain can't be blank");

      const removed = await api.delete(`/api/v1/admin/email_domain_blocks/${id}`, { token });
      expect(removed.body).toEqual({});
      expectJson(await signUp(`someone@${domain}`), 200);
      expectError(await api.get(`/api/v1/admin/email_domain_blocks/${id}`, { token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('IP blocks', () => {
    it('sign_up_block refuses sign-ups from the range with 403, others sign up', async () => {
      const net = network();
      const created = await post('/api/v1/admin/ip_blocks', { ip: `${net}.77/24`, severity: 'sign_up_block', comment: 'a spam wave' });
      expectJson(created, 200);
      expect(created.body).toEqual({
        id: expect.stringMatching(ID), ip: `${net}.0/24`, severity: 'sign_up_block', comment: 'a spam wave', created_at: expect.stringMatching(ISO_MS), expires_at: null,
      });
      expectError(await signUp(`a${unique()}@ok.example`, `${net}.9`), 403, NOT_ALLOWED);
      // Only sign-ups: the rest of the API answers that address.
      expectJson(await api.get('/api/v1/instance', { headers: from(`${net}.9`) }), 200);
      expectJson(await signUp(`a${unique()}@ok.example`), 200);

      await remove(`/api/v1/admin/ip_blocks/${created.body.id as string}`);
      expectJson(await signUp(`a${unique()}@ok.example`, `${net}.9`), 200);
    });

    it('sign_up_requires_approval leaves the sign-up pending a moderator, whose approval lets its token in', async () => {
      const ip = address();
      const created = await post('/api/v1/admin/ip_blocks', { ip, severity: 'sign_up_requires_approval' });
      expect(created.body).toMatchObject({ ip: `${ip}/128`, severity: 'sign_up_requires_approval' });
      const email = `a${unique()}@ok.example`;
      const pending = await signUp(email, ip);
      expectJson(pending, 200);
      const userToken = pending.body.access_token as string;
      expectError(await api.get('/api/v1/accounts/verify_credentials', { token: userToken }), 403, 'Your login is currently pending approval');
      // From another address the same server lets a sign-up in at once.
      const open = await signUp(`a${unique()}@ok.example`);
      expectJson(await api.get('/api/v1/accounts/verify_credentials', { token: open.body.access_token as string }), 200);

      const listed = await api.get<JsonObject[]>('/api/v2/admin/accounts', { token, query: { status: 'pending', email } });
      expect(listed.body).toEqual([expect.objectContaining({ email, approved: false })]);
      expectJson(await api.postForm(`/api/v1/admin/accounts/${listed.body[0].id as string}/approve`, {}, { token }), 200);
      await eventually(async () => (await api.get('/api/v1/accounts/verify_credentials', { token: userToken })).status === 200, { timeoutMs: 15_000 });
      await remove(`/api/v1/admin/ip_blocks/${created.body.id as string}`);
    });

    it('the ip filter of GET /api/v2/admin/accounts finds an account by the address it signed up from, and no other', async () => {
      const [ip, otherIp] = [address(), address()];
      const [email, otherEmail] = [`a${unique()}@ok.example`, `a${unique()}@ok.example`];
      expectJson(await signUp(email, ip), 200);
      expectJson(await signUp(otherEmail, otherIp), 200);
      const byIp = async (value: string) => {
        const listed = await api.get<JsonObject[]>('/api/v2/admin/accounts', { token, query: { ip: value } });
        expectJson(listed, 200);
        return listed.body;
      };
      expect(await byIp(ip)).toEqual([expect.objectContaining({ email, ip, ips: [expect.objectContaining({ ip })] })]);
      expect((await byIp(otherIp)).map((account) => account.email)).toEqual([otherEmail]);
      expect(await byIp(address())).toEqual([]);
    });

    it('no_access refuses every request from the address with 403, REST, GraphQL and cached status reads alike', async () => {
      const author = await rig.newUser('ipauthor');
      const status = await rig.post(author.token, 'Readable from elsewhere');
      const blocked = address();
      // The address read it through the cache before the block: it was let in then.
      await warm(api, { status: status.id });
      for (let i = 0; i < 3; i += 1) await api.get(`/api/v1/statuses/${status.id}`, { headers: from(blocked) });

      const created = await post('/api/v1/admin/ip_blocks', { ip: blocked.replace(/::\w+$/, '::/64'), severity: 'no_access' });
      expectJson(created, 200);

      expectError(await api.get('/api/v1/instance', { headers: from(blocked) }), 403, 'Forbidden');
      expectError(await api.get('/api/v1/timelines/public', { headers: from(blocked) }), 403, 'Forbidden');
      expectError(await api.get('/api/v1/accounts/verify_credentials', { token: author.token, headers: from(blocked) }), 403, 'Forbidden');
      expectError(await api.get(`/api/v1/statuses/${status.id}`, { headers: from(blocked) }), 403, 'Forbidden');
      // Another address of the same /64 too; one outside it is served, the cached read included.
      expectError(await api.get('/api/v1/instance', { headers: from(blocked.replace(/::\w+$/, '::1')) }), 403, 'Forbidden');
      expectJson(await api.get(`/api/v1/statuses/${status.id}`, { headers: from(address()) }), 200);

      const graphql = await fetch(graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...from(blocked) }, body: JSON.stringify({ query: '{ instance { title } }' }) });
      expect(graphql.status).toBe(403);
      expect(await graphql.json()).toEqual({ errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] });

      // Lifted: served again at once.
      await remove(`/api/v1/admin/ip_blocks/${created.body.id as string}`);
      expectJson(await api.get('/api/v1/instance', { headers: from(blocked) }), 200);
    });

    it('stops applying once expired; PUT changes it, absent fields kept', async () => {
      const blocked = address();
      const created = await post('/api/v1/admin/ip_blocks', { ip: blocked, severity: 'no_access', expires_in: '2' });
      expectJson(created, 200);
      expect(Date.parse(created.body.expires_at as string) - Date.parse(created.body.created_at as string)).toBeLessThan(3000);
      expectError(await api.get('/api/v1/instance', { headers: from(blocked) }), 403, 'Forbidden');
      await eventually(async () => expectJson(await api.get('/api/v1/instance', { headers: from(blocked) }), 200), { timeoutMs: 15_000 });

      const id = created.body.id as string;
      const renewed = await putForm(`/api/v1/admin/ip_blocks/${id}`, { expires_in: '3600', comment: 'again' }, token);
      expectJson(renewed, 200);
      expect(renewed.body).toMatchObject({ severity: 'no_access', comment: 'again', expires_at: expect.stringMatching(ISO_MS) });
      // Read back (by id and in the list) once it runs for an hour: the first two seconds may be gone by then.
      expect((await api.get<JsonObject>(`/api/v1/admin/ip_blocks/${id}`, { token })).body).toEqual(renewed.body);
      expect((await api.get<JsonObject[]>('/api/v1/admin/ip_blocks', { token })).body).toContainEqual(renewed.body);
      expectError(await api.get('/api/v1/instance', { headers: from(blocked) }), 403, 'Forbidden');
      const softened = await putForm(`/api/v1/admin/ip_blocks/${id}`, { severity: 'sign_up_block' }, token);
      expect(softened.body).toMatchObject({ severity: 'sign_up_block', comment: 'again', expires_at: renewed.body.expires_at });
      expect((await api.get<JsonObject>(`/api/v1/admin/ip_blocks/${id}`, { token })).body).toEqual(softened.body);
      expectJson(await api.get('/api/v1/instance', { headers: from(blocked) }), 200);
      await remove(`/api/v1/admin/ip_blocks/${id}`);
    });

    it('validates the range and the severity', async () => {
      expectError(await post('/api/v1/admin/ip_blocks', { ip: 'not-an-ip', severity: 'no_access' }), 422, "Validation failed: Ip can't be blank");
      expectError(await post('/api/v1/admin/ip_blocks', { ip: '192.0.2.0/33', severity: 'no_access' }), 422, "Validation failed: Ip can't be blank");
      expectError(await post('/api/v1/admin/ip_blocks', { ip: '192.0.2.1' }), 422, "Validation failed: Severity can't be blank");
      expectError(await post('/api/v1/admin/ip_blocks', { ip: '192.0.2.1', severity: 'banned' }), 422, 'Validation failed: Severity is not included in the list');
      const ip = `${network()}.0/24`;
      const created = await post('/api/v1/admin/ip_blocks', { ip, severity: 'sign_up_block' });
      expectJson(created, 200);
      expectError(await post('/api/v1/admin/ip_blocks', { ip, severity: 'no_access' }), 422, 'Validation failed: Ip has already been taken');
      await remove(`/api/v1/admin/ip_blocks/${created.body.id as string}`);
      expectError(await api.get('/api/v1/admin/ip_blocks/99999999', { token }), 404, RECORD_NOT_FOUND);
    });

    it('GraphQL: createIpBlock answers UserErrors on a bad range; adminIpBlocks lists what it made', async () => {
      const bad = await gql('mutation { createIpBlock(input: { ip: "nope", severity: "no_access" }) { ipBlock { id } errors { code field message } } }', {}, token);
      expect(bad.data?.createIpBlock).toEqual({ ipBlock: null, errors: [{ code: 'INVALID', field: ['input', 'ip'], message: "Validation failed: Ip can't be blank" }] });
      const ip = address();
      const made = await gql(
        'mutation($ip: String!) { createIpBlock(input: { ip: $ip, severity: "SIGN_UP_BLOCK", comment: "gql" }) { ipBlock { id ip severity comment } errors { code } } }',
        { ip },
        token,
      );
      expect(made.data?.createIpBlock).toEqual({ ipBlock: { id: expect.stringMatching(ID), ip: `${ip}/128`, severity: 'SIGN_UP_BLOCK', comment: 'gql' }, errors: [] });
      const listed = await gql('{ adminIpBlocks(limit: 200) { items { id } } }', {}, token);
      expect(listed.data?.adminIpBlocks.items).toContainEqual({ id: made.data?.createIpBlock.ipBlock.id });
      const deleted = await gql('mutation($id: ID!) { deleteIpBlock(input: { ipBlockId: $id }) { deletedIpBlockId errors { code } } }', { id: made.data?.createIpBlock.ipBlock.id }, token);
      expect(deleted.data?.deleteIpBlock).toEqual({ deletedIpBlockId: made.data?.createIpBlock.ipBlock.id, errors: [] });
    });
  });

  describe('canonical e-mail blocks', () => {
    it('blocks the canonical address (case, dots, +suffix) from signing up, tests addresses, and lifts', async () => {
      const local = `john.doe${unique()}`;
      const created = await post('/api/v1/admin/canonical_email_blocks', { email: `${local}+news@Example.com` });
      expectJson(created, 200);
      expect(created.body).toEqual({ id: expect.stringMatching(ID), canonical_email_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const id = created.body.id as string;
      expect((await api.get<JsonObject[]>('/api/v1/admin/canonical_email_blocks', { token })).body).toContainEqual(created.body);

      const variant = `${local.replace('.', '').toUpperCase().split('').join('.')}+other@example.com`;
      const matched = await post('/api/v1/admin/canonical_email_blocks/test', { email: variant });
      expect(matched.body).toEqual([created.body]);
      expect((await post('/api/v1/admin/canonical_email_blocks/test', { email: `other${unique()}@example.com` })).body).toEqual([]);

      const refused = await signUp(variant);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 422,
        body: { error: 'Validation failed: Email has already been taken', details: { email: [{ error: 'ERR_TAKEN', description: 'has already been taken' }] } },
      });
      expectError(await post('/api/v1/admin/canonical_email_blocks', { canonical_email_hash: created.body.canonical_email_hash as string }), 422,
        'Validation failed: Canonical email hash has already been taken');
      expectError(await post('/api/v1/admin/canonical_email_blocks', {}), 422, "Validation failed: Canonical email hash can't be blank");

      expect((await api.get<JsonObject>(`/api/v1/admin/canonical_email_blocks/${id}`, { token })).body).toEqual(created.body);
      expect((await api.delete(`/api/v1/admin/canonical_email_blocks/${id}`, { token })).body).toEqual({});
      expect((await api.get<JsonObject[]>('/api/v1/admin/canonical_email_blocks', { token })).body).not.toContainEqual(created.body);
      expectJson(await signUp(variant), 200);
    });
  });

  describe('domain blocks and allows', () => {
    it('creates, refuses a block covered by a stricter one (422 with it), updates, lists publicly and lifts', async () => {
      const domain = `evil-${unique()}.example`;
      const created = await post('/api/v1/admin/domain_blocks', { domain, severity: 'silence', reject_media: true, public_comment: 'spam source', private_comment: 'seen in reports', obfuscate: 'true' });
      expectJson(created, 200);
      expect(created.body).toEqual({
        id: expect.stringMatching(ID),
        domain,
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        created_at: expect.stringMatching(ISO_MS),
        severity: 'silence',
        reject_media: true,
        reject_reports: false,
        private_comment: 'seen in reports',
        public_comment: 'spam source',
        obfuscate: true,
      });
      const id = created.body.id as string;
      expect((await api.get<JsonObject>(`/api/v1/admin/domain_blocks/${id}`, { token })).body).toEqual(created.body);
      expect((await api.get<JsonObject[]>('/api/v1/admin/domain_blocks', { token })).body).toContainEqual(created.body);

      const covered = await post('/api/v1/admin/domain_blocks', { domain: `sub.${domain}`, severity: 'noop' });
      expect({ status: covered.status, body: covered.body }).toEqual({ status: 422, body: { error: `You have already imposed stricter limits on ${domain}.`, existing_domain_block: created.body } });
      const again = await post('/api/v1/admin/domain_blocks', { domain, severity: 'suspend' });
      expect(again.status).toBe(422);
      // A stricter block of a subdomain is its own block.
      const stricter = await post('/api/v1/admin/domain_blocks', { domain: `sub.${domain}`, severity: 'suspend' });
      expectJson(stricter, 200);

      const listed = await api.get<JsonObject[]>('/api/v1/instance/domain_blocks');
      const shown = listed.body.find((block) => block.digest === created.body.digest);
      expect(shown).toEqual({ domain: expect.stringMatching(/\*/), digest: created.body.digest, severity: 'silence', comment: 'spam source' });
      expect((shown?.domain as string).length).toBe(domain.length);

      const updated = await putForm(`/api/v1/admin/domain_blocks/${id}`, { severity: 'suspend', obfuscate: 'false' }, token);
      expect(updated.body).toMatchObject({ severity: 'suspend', reject_media: true, public_comment: 'spam source', obfuscate: false });
      expect((await api.get<JsonObject>(`/api/v1/admin/domain_blocks/${id}`, { token })).body).toEqual(updated.body);
      expect((await api.get<JsonObject[]>('/api/v1/instance/domain_blocks')).body).toContainEqual({ domain, digest: created.body.digest, severity: 'suspend', comment: 'spam source' });

      expectError(await post('/api/v1/admin/domain_blocks', { domain: 'bad domain' }), 422, 'Validation failed: Domain is not a valid domain name');
      expect((await api.delete(`/api/v1/admin/domain_blocks/${id}`, { token })).body).toEqual({});
      await api.delete(`/api/v1/admin/domain_blocks/${stricter.body.id as string}`, { token });
      expect((await api.get<JsonObject[]>('/api/v1/instance/domain_blocks')).body.map((block) => block.digest)).not.toContain(created.body.digest);
    });

    it('allows a domain once (the same allow again), reads and removes it', async () => {
      const domain = `friend-${unique()}.example`;
      const created = await post('/api/v1/admin/domain_allows', { domain });
      expect(created.body).toEqual({ id: expect.stringMatching(ID), domain, created_at: expect.stringMatching(ISO_MS) });
      expect((await post('/api/v1/admin/domain_allows', { domain })).body).toEqual(created.body);
      const id = created.body.id as string;
      expect((await api.get<JsonObject>(`/api/v1/admin/domain_allows/${id}`, { token })).body).toEqual(created.body);
      expect((await api.get<JsonObject[]>('/api/v1/admin/domain_allows', { token, query: { limit: '200' } })).body).toContainEqual(created.body);
      expect((await api.delete(`/api/v1/admin/domain_allows/${id}`, { token })).body).toEqual({});
      expectError(await api.get(`/api/v1/admin/domain_allows/${id}`, { token }), 404, RECORD_NOT_FOUND);
    });

    it('GraphQL: createDomainBlock answers the existing block beside the UserError', async () => {
      const domain = `gql-${unique()}.example`;
      const made = await gql('mutation($d: String!) { createDomainBlock(input: { domain: $d, severity: "suspend" }) { domainBlock { id severity } existingDomainBlock { id } errors { code } } }', { d: domain }, token);
      expect(made.data?.createDomainBlock).toEqual({ domainBlock: { id: expect.stringMatching(ID), severity: 'SUSPEND' }, existingDomainBlock: null, errors: [] });
      const covered = await gql('mutation($d: String!) { createDomainBlock(input: { domain: $d }) { domainBlock { id } existingDomainBlock { id domain } errors { code message } } }', { d: `x.${domain}` }, token);
      expect(covered.data?.createDomainBlock).toEqual({
        domainBlock: null,
        existingDomainBlock: { id: made.data?.createDomainBlock.domainBlock.id, domain },
        errors: [{ code: 'INVALID', message: `You have already imposed stricter limits on ${domain}.` }],
      });
      await remove(`/api/v1/admin/domain_blocks/${made.data?.createDomainBlock.domainBlock.id as string}`);
    });
  });
});

describeWithDatabase('the audit rows of blocks (read from the database: no API reads them)', () => {
  const sql = connectDatabase();
  let token: string;
  let adminId: string;

  async function auditRows(targetType: string, targetId: string): Promise<Array<{ action: string; account_id: string }>> {
    const rows = await sql.query(`SELECT action, account_id::text FROM admin_action_logs WHERE target_type = $1 AND target_id = $2::bigint ORDER BY id`, [targetType, targetId]);
    return rows.rows as Array<{ action: string; account_id: string }>;
  }

  /** Creates with POST, changes with PUT when given, deletes; answers the id. */
  async function lifecycle(route: string, fields: Record<string, string>, update?: Record<string, string>): Promise<string> {
    const created = await api.postForm<JsonObject>(route, fields, { token });
    expectJson(created, 200);
    const id = created.body.id as string;
    if (update) expectJson(await putForm(`${route}/${id}`, update, token), 200);
    expectJson(await api.delete(`${route}/${id}`, { token }), 200);
    return id;
  }

  beforeAll(async () => {
    token = await staffToken('Admin', 'read admin:read admin:write');
    adminId = await staffAccountId('Admin');
  });

  it('writes who created, changed and removed each kind of block', async () => {
    const rows = (action: string) => ({ action, account_id: adminId });
    const emailDomain = await lifecycle('/api/v1/admin/email_domain_blocks', { domain: `audit-${unique()}.example` });
    expect(await auditRows('EmailDomainBlock', emailDomain)).toEqual([rows('create'), rows('destroy')]);
    const ip = await lifecycle('/api/v1/admin/ip_blocks', { ip: address(), severity: 'no_access' }, { severity: 'sign_up_block' });
    expect(await auditRows('IpBlock', ip)).toEqual([rows('create'), rows('update'), rows('destroy')]);
    const canonical = await lifecycle('/api/v1/admin/canonical_email_blocks', { email: `audit${unique()}@example.com` });
    expect(await auditRows('CanonicalEmailBlock', canonical)).toEqual([rows('create'), rows('destroy')]);
    const domain = await lifecycle('/api/v1/admin/domain_blocks', { domain: `audit-${unique()}.example`, severity: 'silence' }, { severity: 'suspend' });
    expect(await auditRows('DomainBlock', domain)).toEqual([rows('create'), rows('update'), rows('destroy')]);
    const allow = await lifecycle('/api/v1/admin/domain_allows', { domain: `audit-${unique()}.example` });
    expect(await auditRows('DomainAllow', allow)).toEqual([rows('create'), rows('destroy')]);
  });
});
