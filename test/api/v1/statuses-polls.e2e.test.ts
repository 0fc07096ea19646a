// POST /api/v1/statuses with poll[...], and the poll in Status JSON (view, delete for redrafting).
// docs/api/polls.md.
import type { JsonObject, MastodonStatus, TestUser } from '@social/testkit';
import { ID, ISO_MS, expectError, expectJson } from '../../support/expectations';
import * as images from '../../support/images';
import { uploaded } from '../../support/media';
import { api, rig } from '../../support/server';

let author: TestUser;

beforeAll(async () => {
  author = await rig.newUser('pollposter');
});

const publish = (fields: JsonObject) => api.postForm<MastodonStatus>('/api/v1/statuses', { status: 'Which one?', ...fields } as never, { token: author.token });

describe('POST /api/v1/statuses', () => {
  describe('with poll[options][] and poll[expires_in]', () => {
    it('answers 200 with the poll: options stripped and in order, no votes, voted true for the author', async () => {
      const before = Date.now();
      const response = await publish({ poll: { options: [' Tea ', 'Coffee', ''], expires_in: '3600' } });

      expectJson(response, 200);
      const poll = response.body.poll as JsonObject;
      expect(poll).toEqual({
        id: expect.stringMatching(ID),
        expires_at: expect.stringMatching(ISO_MS),
        expired: false,
        multiple: false,
        votes_count: 0,
        voters_count: 0,
        options: [
          { title: 'Tea', votes_count: 0 },
          { title: 'Coffee', votes_count: 0 },
        ],
        emojis: [],
        voted: true,
        own_votes: [],
      });
      const expiresAt = Date.parse(poll.expires_at as string);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
    });

    it('shows the poll to anonymous readers without voted and own_votes', async () => {
      const status = await rig.post(author.token, { status: 'Public poll', poll: { options: ['a', 'b'], expires_in: '300', multiple: 'true' } });

      const read = await api.get<MastodonStatus>(`/api/v1/statuses/${status.id}`);

      expectJson(read, 200);
      expect(read.body.poll).toEqual({ ...(status.poll as JsonObject), voted: undefined, own_votes: undefined });
      expect(read.body.poll).not.toHaveProperty('voted');
      expect(read.body.poll).toMatchObject({ multiple: true });
    });
  });

  describe('with poll[hide_totals]', () => {
    it('answers 200 with null option counts', async () => {
      const response = await publish({ poll: { options: ['x', 'y'], expires_in: 600, hide_totals: 'true' } });

      expectJson(response, 200);
      expect((response.body.poll as JsonObject).options).toEqual([{ title: 'x', votes_count: null }, { title: 'y', votes_count: null }]);
    });
  });

  describe('with a JSON poll object', () => {
    it('answers 200 with the poll', async () => {
      const response = await api.postJson<MastodonStatus>('/api/v1/statuses', { status: 'json', poll: { options: ['1', '2', '3', '4'], expires_in: 2629746 } }, { token: author.token });

      expectJson(response, 200);
      expect((response.body.poll as JsonObject).options).toHaveLength(4);
    });
  });

  describe.each([
    ['one option', { options: ['only'], expires_in: '600' }, 'Validation failed: Choices must have more than one item'],
    ['five options', { options: ['1', '2', '3', '4', '5'], expires_in: '600' }, "Validation failed: Choices can't contain more than 4 items"],
    ['an option of 51 characters', { options: ['a'.repeat(51), 'b'], expires_in: '600' }, 'Validation failed: Choices cannot be longer than 50 characters each'],
    ['duplicate options', { options: ['same', 'same'], expires_in: '600' }, 'Validation failed: Choices contain duplicate items'],
    ['expires_in 299', { options: ['a', 'b'], expires_in: '299' }, 'Validation failed: Deadline is too soon'],
    ['expires_in 2629747', { options: ['a', 'b'], expires_in: '2629747' }, 'Validation failed: Deadline is too far into the future'],
    ['options without expires_in', { options: ['a', 'b'] }, "Validation failed: Deadline can't be blank"],
    ['expires_in without options', { expires_in: '600' }, "Validation failed: Choices can't be blank, Choices must have more than one item"],
  ])('with %s', (_name, poll, message) => {
    it(`answers 422 ${message}`, async () => {
      expectError(await publish({ poll }), 422, message);
    });
  });

  describe('with 50 emoji graphemes in an option', () => {
    it('answers 200: options are counted in grapheme clusters', async () => {
      const response = await publish({ poll: { options: ['👩‍👩‍👧'.repeat(50), 'b'], expires_in: '600' } });
      expectJson(response, 200);
    });
  });

  describe('with a poll and media_ids', () => {
    it('answers 422 and publishes nothing', async () => {
      const media = await uploaded(api, author.token, { file: await images.png() });
      expectError(await publish({ media_ids: [media.id as string], poll: { options: ['a', 'b'], expires_in: '600' } }), 422, 'Cannot attach files to a post with a poll');
    });
  });
});

describe('DELETE /api/v1/statuses/:id', () => {
  describe('for a status with a poll', () => {
    it('answers 200 with text and the poll, for redrafting', async () => {
      const status = await rig.post(author.token, { status: 'Delete me', poll: { options: ['keep', 'drop'], expires_in: '600' } });

      const response = await api.delete<MastodonStatus>(`/api/v1/statuses/${status.id}`, { token: author.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ text: 'Delete me', poll: status.poll as JsonObject });
    });
  });
});
