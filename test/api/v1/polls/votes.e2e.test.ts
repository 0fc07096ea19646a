// POST /api/v1/polls/:id/votes. Mastodon's VoteService and VoteValidator; docs/api/polls.md#voting.
import type { JsonObject, TestUser } from '@social/testkit';
import { INVALID_TOKEN, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

let author: TestUser;
let voter: TestUser;

beforeAll(async () => {
  [author, voter] = await Promise.all([rig.newUser('pollvoteauthor'), rig.newUser('pollvoter')]);
});

const postPoll = async (poll: JsonObject = {}, fields: JsonObject = {}) =>
  (await rig.post(author.token, { status: 'Vote!', poll: { options: ['a', 'b', 'c'], expires_in: '600', ...poll }, ...fields } as never)).poll as JsonObject;
const vote = (user: TestUser, pollId: unknown, choices: Array<string | number>) =>
  api.postForm(`/api/v1/polls/${pollId}/votes`, { choices: choices.map(String) }, { token: user.token });

describe('POST /api/v1/polls/:id/votes', () => {
  describe('with one choice', () => {
    it('answers 200 with the Poll counting the vote, voted true and own_votes', async () => {
      const poll = await postPoll();

      const response = await vote(voter, poll.id, [1]);

      expectJson(response, 200);
      expect(response.body).toEqual({
        ...poll,
        votes_count: 1,
        voters_count: 1,
        options: [{ title: 'a', votes_count: 0 }, { title: 'b', votes_count: 1 }, { title: 'c', votes_count: 0 }],
        voted: true,
        own_votes: [1],
      });
      expect((await api.get(`/api/v1/polls/${poll.id}`, { token: author.token })).body).toMatchObject({ votes_count: 1, voted: true, own_votes: [] });
    });
  });

  describe('with two choices in a multiple poll', () => {
    it('answers 200 counting two votes and one voter', async () => {
      const poll = await postPoll({ multiple: 'true' });

      const response = await api.postJson(`/api/v1/polls/${poll.id}/votes`, { choices: [0, 2] }, { token: voter.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ votes_count: 2, voters_count: 1, own_votes: [0, 2], options: [{ votes_count: 1 }, { votes_count: 0 }, { votes_count: 1 }] });
    });
  });

  describe('with two choices in a single-choice poll', () => {
    it('answers 422 and counts nothing', async () => {
      const poll = await postPoll();
      expectError(await vote(voter, poll.id, [0, 1]), 422, 'Validation failed: You have already voted on this poll');
      expect((await api.get(`/api/v1/polls/${poll.id}`)).body).toMatchObject({ votes_count: 0, voters_count: 0 });
    });
  });

  describe('a second time', () => {
    it('answers 422 Validation failed: You have already voted on this poll', async () => {
      const poll = await postPoll({ multiple: 'true' });
      await vote(voter, poll.id, [0]);
      expectError(await vote(voter, poll.id, [1]), 422, 'Validation failed: You have already voted on this poll');
    });
  });

  describe('with a choice out of range', () => {
    it('answers 422 Validation failed: The chosen vote option does not exist', async () => {
      const poll = await postPoll();
      expectError(await vote(voter, poll.id, [3]), 422, 'Validation failed: The chosen vote option does not exist');
      expectError(await vote(voter, poll.id, ['x']), 422, 'Validation failed: The chosen vote option does not exist');
    });
  });

  describe('without choices', () => {
    it('answers 400 param is missing or the value is empty: choices', async () => {
      const poll = await postPoll();
      expectError(await api.post(`/api/v1/polls/${poll.id}/votes`, { token: voter.token }), 400, 'param is missing or the value is empty: choices');
    });
  });

  describe("in one's own poll", () => {
    it('answers 422 Validation failed: You cannot vote in your own polls', async () => {
      const poll = await postPoll();
      expectError(await vote(author, poll.id, [0]), 422, 'Validation failed: You cannot vote in your own polls');
    });
  });

  describe('with hide_totals, before the poll ends', () => {
    it('answers 200 with the totals but null option counts', async () => {
      const poll = await postPoll({ hide_totals: 'true' });
      const response = await vote(voter, poll.id, [0]);
      expectJson(response, 200);
      expect(response.body).toMatchObject({ votes_count: 1, voters_count: 1, options: [{ votes_count: null }, { votes_count: null }, { votes_count: null }] });
    });
  });

  describe('by 30 accounts at once, each voting twice', () => {
    it('counts every account once, exactly', async () => {
      const poll = await postPoll();
      const voters = await Promise.all(Array.from({ length: 30 }, (_, i) => rig.newUser(`pollcrowd${i}`)));

      const responses = await Promise.all(voters.flatMap((user, i) => [vote(user, poll.id, [i % 3]), vote(user, poll.id, [i % 3])]));

      expect(responses.filter((r) => r.status === 200)).toHaveLength(30);
      expect(responses.filter((r) => r.status === 422)).toHaveLength(30);
      const read = await api.get(`/api/v1/polls/${poll.id}`);
      expect(read.body).toMatchObject({ votes_count: 30, voters_count: 30, options: [{ votes_count: 10 }, { votes_count: 10 }, { votes_count: 10 }] });
    });
  });

  describe('for a private status the caller may not see', () => {
    it('answers 404 Record not found', async () => {
      const poll = await postPoll({}, { visibility: 'private' });
      expectError(await vote(voter, poll.id, [0]), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      const poll = await postPoll();
      expectError(await api.postForm(`/api/v1/polls/${poll.id}/votes`, { choices: ['0'] }), 401, INVALID_TOKEN);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const poll = await postPoll();
      const app = await rig.registerApp();
      const token = await rig.appToken(app);
      expectError(await api.postForm(`/api/v1/polls/${poll.id}/votes`, { choices: ['0'] }, { token }), 422, USER_REQUIRED);
    });
  });
});
