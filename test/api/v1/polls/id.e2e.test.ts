// GET /api/v1/polls/:id. docs/api/polls.md#viewing; visibility as the poll's status.
import type { JsonObject, TestUser } from '@social/testkit';
import { RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  [author, reader] = await Promise.all([rig.newUser('pollviewauthor'), rig.newUser('pollviewreader')]);
});

const postPoll = async (fields: JsonObject = {}) =>
  (await rig.post(author.token, { status: 'Poll', poll: { options: ['yes', 'no'], expires_in: '600' }, ...fields } as never)).poll as JsonObject;

describe('GET /api/v1/polls/:id', () => {
  describe('for a public status without a token', () => {
    it('answers 200 with the Poll, without voted and own_votes', async () => {
      const poll = await postPoll();

      const response = await api.get(`/api/v1/polls/${poll.id}`);

      expectJson(response, 200);
      const { voted: _voted, own_votes: _own, ...anonymous } = poll;
      expect(response.body).toEqual(anonymous);
    });
  });

  describe('for another user', () => {
    it('answers 200 with voted false and own_votes []', async () => {
      const poll = await postPoll();

      const response = await api.get(`/api/v1/polls/${poll.id}`, { token: reader.token });

      expectJson(response, 200);
      expect(response.body).toEqual({ ...poll, voted: false, own_votes: [] });
    });
  });

  describe('for a private status the caller may not see', () => {
    it('answers 404 Record not found', async () => {
      const poll = await postPoll({ visibility: 'private' });
      expectError(await api.get(`/api/v1/polls/${poll.id}`, { token: reader.token }), 404, RECORD_NOT_FOUND);
      expectError(await api.get(`/api/v1/polls/${poll.id}`), 404, RECORD_NOT_FOUND);
      expectJson(await api.get(`/api/v1/polls/${poll.id}`, { token: author.token }), 200);
    });
  });

  describe('for a poll that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get('/api/v1/polls/987654321'), 404, RECORD_NOT_FOUND);
      expectError(await api.get('/api/v1/polls/nope'), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a poll whose status was deleted', () => {
    it('answers 404 Record not found', async () => {
      const status = await rig.post(author.token, { status: 'gone', poll: { options: ['a', 'b'], expires_in: '600' } });
      await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token });
      expectError(await api.get(`/api/v1/polls/${(status.poll as JsonObject).id}`), 404, RECORD_NOT_FOUND);
    });
  });
});
