// GET /.well-known/webfinger and /.well-known/host-meta: how clients and other servers turn a handle into an
// account. Mastodon's WellKnown::WebfingerController and HostMetaController; RFC 7033, RFC 6415.
import type { ApiResponse, TestUser } from '@social/testkit';
import { connectDatabase, describeWithDatabase } from '../support/database';
import { RECORD_NOT_FOUND, expectClientError, expectError } from '../support/expectations';
import { api, baseUrl, rig } from '../support/server';

const HOST = new URL(baseUrl).host;

function expectJrd(response: ApiResponse<unknown>, user: TestUser): void {
  const url = `${baseUrl}/@${user.username}`;
  const uri = `${baseUrl}/users/${user.username}`;
  expect({ status: response.status, contentType: response.headers['content-type'] }).toEqual({ status: 200, contentType: 'application/jrd+json; charset=utf-8' });
  expect(response.body).toEqual({
    subject: `acct:${user.username}@${HOST}`,
    aliases: [url, uri],
    links: [
      { rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: url },
      { rel: 'self', type: 'application/activity+json', href: uri },
    ],
  });
}

describe('GET /.well-known/webfinger', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('finger');
  });

  describe('with acct:username@host', () => {
    it('answers 200 with the JRD: subject, aliases, the profile page and the ActivityPub actor; open to any origin, cached', async () => {
      const response = await api.get('/.well-known/webfinger', { query: { resource: `acct:${user.username}@${HOST}` }, headers: { origin: 'https://elk.example' } });

      expectJrd(response, user);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cache-control']).toBe('public, max-age=259200');
    });
  });

  describe.each([
    ['username@host, without acct:', (u: TestUser) => `${u.username}@${HOST}`],
    ['the username in other case', (u: TestUser) => `acct:${u.username.toUpperCase()}@${HOST}`],
    ['the profile URL', (u: TestUser) => `${baseUrl}/@${u.username}`],
    ['the actor URL', (u: TestUser) => `${baseUrl}/users/${u.username}`],
  ])('with %s', (_case, resource) => {
    it('answers 200 with the same JRD', async () => {
      expectJrd(await api.get('/.well-known/webfinger', { query: { resource: resource(user) } }), user);
    });
  });

  describe.each([
    ['an unknown account', () => `acct:nobody_by_that_name@${HOST}`],
    ["another server's account", () => `acct:${user.username}@elsewhere.example`],
    ['a URL of this server that names no account', () => `${baseUrl}/about`],
  ])('with %s', (_case, resource) => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get('/.well-known/webfinger', { query: { resource: resource() } }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a resource', () => {
    it('answers 400 param is missing', async () => {
      expectError(await api.get('/.well-known/webfinger'), 400, 'param is missing or the value is empty: resource');
    });
  });

  describe.each([['a bare username', 'alice'], ['acct: without a domain', 'acct:alice']])('with %s', (_case, resource) => {
    it('answers 400 with the reason', async () => {
      expectClientError(await api.get('/.well-known/webfinger', { query: { resource } }), 400);
    });
  });

  describeWithDatabase('for a deleted account (kept suspended, without its login)', () => {
    const sql = connectDatabase();

    it('answers 404 Record not found, where a suspended one still answers', async () => {
      const gone = await rig.newUser('gone');
      await sql.query('UPDATE accounts SET suspended_at = now() WHERE id = $1', [gone.account.id]);
      expectJrd(await api.get('/.well-known/webfinger', { query: { resource: `acct:${gone.username}@${HOST}` } }), gone);

      await sql.query('DELETE FROM users WHERE account_id = $1', [gone.account.id]);
      expectError(await api.get('/.well-known/webfinger', { query: { resource: `acct:${gone.username}@${HOST}` } }), 404, RECORD_NOT_FOUND);
    });
  });
});

describe('GET /.well-known/host-meta', () => {
  it('answers 200 with the XRD pointing at WebFinger', async () => {
    const response = await api.get('/.well-known/host-meta');

    expect({ status: response.status, contentType: response.headers['content-type'] }).toEqual({ status: 200, contentType: 'application/xrd+xml; charset=utf-8' });
    expect(response.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n' +
        `  <Link rel="lrdd" template="${baseUrl}/.well-known/webfinger?resource={uri}"/>\n</XRD>\n`,
    );
  });

  describe('as JSON (host-meta.json)', () => {
    it('answers 200 with the same template', async () => {
      const response = await api.get('/.well-known/host-meta.json');

      expect({ status: response.status, contentType: response.headers['content-type'] }).toEqual({ status: 200, contentType: 'application/json; charset=utf-8' });
      expect(response.body).toEqual({ links: [{ rel: 'lrdd', template: `${baseUrl}/.well-known/webfinger?resource={uri}` }] });
    });
  });

  describe('followed to WebFinger with a handle', () => {
    it('resolves the account', async () => {
      const user = await rig.newUser('hostmeta');
      const template = ((await api.get<{ links: Array<{ template: string }> }>('/.well-known/host-meta.json')).body.links[0] as { template: string }).template;

      const url = template.replace('{uri}', encodeURIComponent(`acct:${user.username}@${HOST}`));
      expectJrd(await api.get(url.slice(baseUrl.length)), user);
    });
  });
});
