// GET /api/v1/statuses/:id/context. docs/api/statuses.md#context.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { act, ids } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

interface Context {
  ancestors: MastodonStatus[];
  descendants: MastodonStatus[];
}

async function reply(user: TestUser, parent: MastodonStatus, text: string, visibility = 'public'): Promise<MastodonStatus> {
  return rig.post(user.token, { status: text, in_reply_to_id: parent.id, visibility });
}

async function context(id: string, token?: string): Promise<Context> {
  const response = await api.get<Context>(`/api/v1/statuses/${id}/context`, { token });
  expectJson(response, 200);
  return response.body;
}

describe('GET /api/v1/statuses/:id/context', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  // root (alice)
  // ├─ fromBob (bob)
  // │   └─ answer (alice to bob)
  // ├─ selfReply (alice to herself)
  // │   └─ selfReply2 (alice to herself)
  // └─ carolsPrivate (carol, private)
  let root: MastodonStatus;
  let fromBob: MastodonStatus;
  let answer: MastodonStatus;
  let selfReply: MastodonStatus;
  let selfReply2: MastodonStatus;
  let carolsPrivate: MastodonStatus;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([rig.newUser('ctxalice'), rig.newUser('ctxbob'), rig.newUser('ctxcarol')]);
    root = await rig.post(alice.token, 'Thread root');
    fromBob = await reply(bob, root, 'Bob answers');
    answer = await reply(alice, fromBob, 'Alice answers Bob');
    selfReply = await reply(alice, root, 'Alice continues (2/3)');
    selfReply2 = await reply(alice, selfReply, 'Alice continues (3/3)');
    carolsPrivate = await reply(carol, root, 'Carol, for her followers', 'private');
  });

  describe('for the root of a thread, anonymously', () => {
    it('answers 200 with no ancestors and the visible descendants, self-replies first, then depth first', async () => {
      const response = await api.get<Context>(`/api/v1/statuses/${root.id}/context`);

      expectJson(response, 200);
      expect(response.body.ancestors).toEqual([]);
      expect(ids(response.body.descendants)).toEqual([selfReply.id, selfReply2.id, fromBob.id, answer.id]);
    });

    it('renders each descendant as a full Status without viewer flags', async () => {
      const { descendants } = await context(root.id);
      expect(descendants[2]).toEqual(
        expectedStatus(baseUrl, {
          id: fromBob.id,
          author: bob.account,
          viewer: 'anonymous',
          content: '<p>Bob answers</p>',
          fields: { in_reply_to_id: root.id, in_reply_to_account_id: alice.account.id, replies_count: 1 },
        }),
      );
    });
  });

  describe('for the root of a thread, as the author of a private reply', () => {
    it('includes that private reply, after the others', async () => {
      const { descendants } = await context(root.id, carol.token);
      expect(ids(descendants)).toEqual([selfReply.id, selfReply2.id, fromBob.id, answer.id, carolsPrivate.id]);
    });

    it('carries the viewer flags', async () => {
      await act(carol, fromBob.id, 'favourite');
      const { descendants } = await context(root.id, carol.token);
      expect(descendants.find((s) => s.id === fromBob.id)).toMatchObject({ favourited: true, favourites_count: 1, bookmarked: false });
    });
  });

  describe('for a status deep in the thread', () => {
    it('answers with its ancestors root first', async () => {
      const { ancestors, descendants } = await context(answer.id);
      expect(ids(ancestors)).toEqual([root.id, fromBob.id]);
      expect(descendants).toEqual([]);
    });
  });

  describe('for a status whose parent the caller may not see', () => {
    it('leaves the hidden parent out of the ancestors', async () => {
      const underPrivate = await reply(carol, carolsPrivate, 'A public reply under a private one');
      const { ancestors } = await context(underPrivate.id);
      expect(ids(ancestors)).toEqual([root.id]);
    });
  });

  describe('for a chain of 22 replies', () => {
    let chain: MastodonStatus[];

    beforeAll(async () => {
      chain = [await rig.post(bob.token, 'chain 0')];
      for (let n = 1; n <= 22; n++) chain.push(await reply(bob, chain[n - 1] as MastodonStatus, `chain ${n}`));
    });

    it('gives an anonymous caller 20 levels of descendants', async () => {
      expect(ids((await context((chain[0] as MastodonStatus).id)).descendants)).toEqual(ids(chain.slice(1, 21)));
    });

    it('gives a signed-in caller all 22', async () => {
      expect(ids((await context((chain[0] as MastodonStatus).id, alice.token)).descendants)).toEqual(ids(chain.slice(1)));
    });

    it('gives the last status its 22 ancestors, root first', async () => {
      expect(ids((await context((chain[22] as MastodonStatus).id)).ancestors)).toEqual(ids(chain.slice(0, 22)));
    });
  });

  describe('for a status with 61 replies', () => {
    let top: MastodonStatus;

    beforeAll(async () => {
      top = await rig.post(carol.token, 'Ask me anything');
      await Promise.all(Array.from({ length: 61 }, (_, n) => reply(bob, top, `answer ${n}`)));
    });

    it('gives an anonymous caller the first 60', async () => {
      expect((await context(top.id)).descendants).toHaveLength(60);
    });

    it('gives a signed-in caller all 61', async () => {
      expect((await context(top.id, alice.token)).descendants).toHaveLength(61);
    });
  });

  describe.each(['private', 'direct'])("for another user's %s status", (visibility) => {
    it('answers 404 Record not found', async () => {
      const hidden = await rig.post(alice.token, { status: `${visibility} context`, visibility });
      expectError(await api.get(`/api/v1/statuses/${hidden.id}/context`), 404, RECORD_NOT_FOUND);
      expectError(await api.get(`/api/v1/statuses/${hidden.id}/context`, { token: bob.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get('/api/v1/statuses/1234567890/context'), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a user token of scope write only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(alice.app, alice.email, alice.password, 'write');
      expectError(await api.get(`/api/v1/statuses/${root.id}/context`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope read:statuses', () => {
    it('answers 200', async () => {
      const app = await rig.registerApp('read:statuses write');
      const token = await rig.passwordToken(app, alice.email, alice.password, 'read:statuses');
      expectJson(await api.get(`/api/v1/statuses/${root.id}/context`, { token }), 200);
    });
  });
});
