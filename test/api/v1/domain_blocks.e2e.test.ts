// GET, POST and DELETE /api/v1/domain_blocks: the domains a user blocks, as strings, with Link pagination.
// docs/api/domain-blocks.md (read:blocks / write:blocks, or follow); Mastodon's DomainBlocksController, AccountDomainBlock.
import type { TestUser } from '@social/testkit';
import { gql } from '../../support/graphql';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import { api, baseUrl, rig } from '../../support/server';

const block = (user: TestUser, domain: unknown) => api.postJson('/api/v1/domain_blocks', { domain }, { token: user.token });
const listed = async (user: TestUser) => (await api.get('/api/v1/domain_blocks', { token: user.token })).body;

describe('/api/v1/domain_blocks', () => {
  let alice: TestUser;

  beforeAll(async () => {
    alice = await rig.newUser('alice');
  });

  it('blocks a domain, normalised (trimmed, lowercase, IDNA), answering {}; again changes nothing', async () => {
    for (const domain of ['  Example.COM ', 'example.com']) {
      const response = await block(alice, domain);
      expectJson(response, 200);
      expect(response.body).toEqual({});
    }
    expectJson(await api.postForm('/api/v1/domain_blocks', { domain: 'bücher.example' }, { token: alice.token }), 200);

    expect(await listed(alice)).toEqual(['xn--bcher-kva.example', 'example.com']);
  });

  it('keeps domain_blocking false in relationships: every account is local', async () => {
    const bob = await rig.newUser('bob');
    const response = await api.get<Array<{ domain_blocking: boolean }>>('/api/v1/accounts/relationships', { token: alice.token, query: { id: [bob.account.id] } });
    expect(response.body[0].domain_blocking).toBe(false);
  });

  it('pages newest block first, 100 by default, with Link headers by block', async () => {
    const carol = await rig.newUser('carol');
    for (const domain of ['one.example', 'two.example', 'three.example']) expectJson(await block(carol, domain), 200);

    const first = await api.get('/api/v1/domain_blocks?limit=2', { token: carol.token });
    expect(first.body).toEqual(['three.example', 'two.example']);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
    expect(next).toMatch(new RegExp(`^${baseUrl}/api/v1/domain_blocks\\?limit=2&max_id=\\d+$`));
    expect((await api.get(new URL(next!).pathname + new URL(next!).search, { token: carol.token })).body).toEqual(['one.example']);
  });

  it('unblocks with DELETE, answering {} also when the domain was not blocked', async () => {
    const dave = await rig.newUser('dave');
    await block(dave, 'gone.example');

    for (let i = 0; i < 2; i++) {
      const response = await api.delete('/api/v1/domain_blocks', { token: dave.token, query: { domain: 'GONE.example' } });
      expectJson(response, 200);
      expect(response.body).toEqual({});
    }
    expect(await listed(dave)).toEqual([]);
  });

  it('answers 422 for a blank, malformed or own domain, blocking nothing', async () => {
    const erin = await rig.newUser('erin');
    expectError(await block(erin, ''), 422, "Validation failed: Domain can't be blank");
    expectError(await api.post('/api/v1/domain_blocks', { token: erin.token }), 422, "Validation failed: Domain can't be blank");
    for (const bad of ['not a domain', 'exa mple.com', '-bad.example', 'a..b', 'x'.repeat(300)]) {
      expectError(await block(erin, bad), 422, 'Validation failed: Domain is not a valid domain name');
    }
    expectError(await block(erin, new URL(baseUrl).hostname), 422, "Validation failed: Domain cannot be this server's own domain");
    expect(await listed(erin)).toEqual([]);
  });

  it('checks scopes: read:blocks to list, write:blocks to change, follow for both; 422 for an app token; 401 without one', async () => {
    const token = async (scopes: string) => rig.passwordToken(await rig.registerApp(scopes), alice.email, alice.password, scopes);
    const reader = await token('read:blocks');
    expectJson(await api.get('/api/v1/domain_blocks', { token: reader }), 200);
    expectError(await api.postJson('/api/v1/domain_blocks', { domain: 'x.example' }, { token: reader }), 403, OUTSIDE_SCOPES);
    const other = await token('read:accounts write:accounts');
    expectError(await api.get('/api/v1/domain_blocks', { token: other }), 403, OUTSIDE_SCOPES);
    expectError(await api.delete('/api/v1/domain_blocks', { token: other, query: { domain: 'x.example' } }), 403, OUTSIDE_SCOPES);
    const follow = await token('follow');
    expectJson(await api.postJson('/api/v1/domain_blocks', { domain: 'legacy.example' }, { token: follow }), 200);
    expectJson(await api.get('/api/v1/domain_blocks', { token: follow }), 200);
    expectError(await api.get('/api/v1/domain_blocks', { token: await rig.appToken(await rig.registerApp('read'), 'read') }), 422, USER_REQUIRED);
    expectInvalidToken(await api.get('/api/v1/domain_blocks'));
  });

  it('answers the same domains as GraphQL me.domainBlocks, and blockDomain\'s problems as UserErrors', async () => {
    const frank = await rig.newUser('frank');
    await block(frank, 'a.example');
    await block(frank, 'b.example');

    const read = await gql('{ me { domainBlocks(first: 1) { edges { node { domain } } pageInfo { hasNextPage } } } }', {}, frank.token);
    expect(read.errors).toBeUndefined();
    expect(read.data?.me.domainBlocks).toEqual({ edges: [{ node: { domain: 'b.example' } }], pageInfo: { hasNextPage: true } });
    const refused = await gql('mutation B($input: BlockDomainInput!) { blockDomain(input: $input) { domain errors { code message field } } }', { input: { domain: 'a b' } }, frank.token);
    expect(refused.data?.blockDomain).toEqual({ domain: null, errors: [{ code: 'INVALID', message: 'Validation failed: Domain is not a valid domain name', field: ['input', 'domain'] }] });
  });
});
