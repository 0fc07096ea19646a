// POST /api/v1/accounts/:id/note: the caller's private note on an account, shown in every Relationship.
// docs/api/accounts.md#private-notes (write, write:accounts); Mastodon's Accounts::NotesController, AccountNote.
import type { TestUser } from '@social/testkit';
import { gql } from '../../../../support/graphql';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../../support/expectations';
import { api, rig } from '../../../../support/server';

const noteOf = async (viewer: TestUser, target: TestUser) =>
  (await api.get<Array<{ note: string }>>('/api/v1/accounts/relationships', { token: viewer.token, query: { id: [target.account.id] } })).body[0].note;

describe('POST /api/v1/accounts/:id/note', () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([rig.newUser('alice'), rig.newUser('bob')]);
  });

  describe('with a comment', () => {
    it('answers 200 with the Relationship carrying the note', async () => {
      const response = await api.postJson(`/api/v1/accounts/${bob.account.id}/note`, { comment: 'Met at the meetup\nlikes tea' }, { token: alice.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: bob.account.id, following: false, note: 'Met at the meetup\nlikes tea' });
    });

    it('shows the note in the relationships and the follow answers, to its author only', async () => {
      expect(await noteOf(alice, bob)).toBe('Met at the meetup\nlikes tea');
      const follow = await api.post(`/api/v1/accounts/${bob.account.id}/follow`, { token: alice.token });
      expect(follow.body).toMatchObject({ following: true, note: 'Met at the meetup\nlikes tea' });
      expect(await noteOf(bob, alice)).toBe('');
    });

    it('replaces the note when given another (form-encoded too)', async () => {
      const response = await api.postForm(`/api/v1/accounts/${bob.account.id}/note`, { comment: 'Second thoughts' }, { token: alice.token });

      expectJson(response, 200);
      expect(response.body.note).toBe('Second thoughts');
      expect(await noteOf(alice, bob)).toBe('Second thoughts');
    });
  });

  describe('with an empty, blank or absent comment', () => {
    it('removes the note', async () => {
      const carol = await rig.newUser('carol');
      for (const body of [{ comment: '' }, { comment: '   ' }, {}]) {
        await api.postJson(`/api/v1/accounts/${carol.account.id}/note`, { comment: 'to be removed' }, { token: alice.token });
        const response = await api.postJson(`/api/v1/accounts/${carol.account.id}/note`, body, { token: alice.token });

        expectJson(response, 200);
        expect(response.body.note).toBe('');
        expect(await noteOf(alice, carol)).toBe('');
      }
    });
  });

  describe('on one\'s own account', () => {
    it('answers 200 with the note, as Mastodon allows', async () => {
      const response = await api.postJson(`/api/v1/accounts/${alice.account.id}/note`, { comment: 'me' }, { token: alice.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: alice.account.id, note: 'me' });
    });
  });

  describe('with a comment of 2001 characters', () => {
    it('answers 422 and keeps the note there was; 2000 characters are taken', async () => {
      const dave = await rig.newUser('dave');
      await api.postJson(`/api/v1/accounts/${dave.account.id}/note`, { comment: 'kept' }, { token: alice.token });

      expectError(
        await api.postJson(`/api/v1/accounts/${dave.account.id}/note`, { comment: 'x'.repeat(2001) }, { token: alice.token }),
        422,
        'Validation failed: Comment is too long (maximum is 2000 characters)',
      );
      expect(await noteOf(alice, dave)).toBe('kept');
      expectJson(await api.postJson(`/api/v1/accounts/${dave.account.id}/note`, { comment: 'é'.repeat(2000) }, { token: alice.token }), 200);
    });
  });

  describe('for an unknown or malformed account id', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.postJson('/api/v1/accounts/1234567890123/note', { comment: 'x' }, { token: alice.token }), 404, RECORD_NOT_FOUND);
      expectError(await api.postJson('/api/v1/accounts/abc/note', { comment: 'x' }, { token: alice.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a token without write:accounts', () => {
    const scopedToken = async (scopes: string) => rig.passwordToken(await rig.registerApp(scopes), alice.email, alice.password, scopes);

    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await scopedToken('read write:follows');

      expectError(await api.postJson(`/api/v1/accounts/${bob.account.id}/note`, { comment: 'x' }, { token }), 403, OUTSIDE_SCOPES);
    });

    it('answers 200 with write:accounts alone', async () => {
      const token = await scopedToken('write:accounts');

      expectJson(await api.postJson(`/api/v1/accounts/${bob.account.id}/note`, { comment: 'scoped' }, { token }), 200);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const app = await rig.registerApp('read write');

      expectError(await api.postJson(`/api/v1/accounts/${bob.account.id}/note`, { comment: 'x' }, { token: await rig.appToken(app, 'write') }), 422, USER_REQUIRED);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.postJson(`/api/v1/accounts/${bob.account.id}/note`, { comment: 'x' }));
    });
  });
});

describe('GraphQL setAccountNote', () => {
  const SET = `mutation S($input: SetAccountNoteInput!) { setAccountNote(input: $input) { relationship { id note } errors { code message field } } }`;

  it('answers the relationship, or the problem as a UserError with nothing changed', async () => {
    const [erin, frank] = await Promise.all([rig.newUser('erin'), rig.newUser('frank')]);

    const set = await gql(SET, { input: { accountId: frank.account.id, comment: 'hello' } }, erin.token);
    expect(set.errors).toBeUndefined();
    expect(set.data?.setAccountNote).toEqual({ relationship: { id: frank.account.id, note: 'hello' }, errors: [] });

    const tooLong = await gql(SET, { input: { accountId: frank.account.id, comment: 'y'.repeat(2001) } }, erin.token);
    expect(tooLong.data?.setAccountNote).toEqual({
      relationship: null,
      errors: [{ code: 'INVALID', message: 'Validation failed: Comment is too long (maximum is 2000 characters)', field: ['input', 'comment'] }],
    });

    const unknown = await gql(SET, { input: { accountId: '1234567890123', comment: 'x' } }, erin.token);
    expect(unknown.data?.setAccountNote).toEqual({ relationship: null, errors: [{ code: 'NOT_FOUND', message: RECORD_NOT_FOUND, field: null }] });
    expect(await noteOf(erin, frank)).toBe('hello');
  });
});
