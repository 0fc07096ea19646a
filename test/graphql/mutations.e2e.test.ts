// The mutation convention on /graphql (issue #20, docs/graphql.md#mutations): the user's
// problems come back in the payload's `errors` (code, message, field, detail) and change
// nothing; token and scope refusals stay top-level errors.
import { type TestUser, uniqueUsername } from '@social/testkit';
import { rig } from '../support/server';
import { codesOf, gql, gqlData } from '../support/graphql';

const PUBLISH = `mutation P($input: PublishStatusInput!) { publishStatus(input: $input) { status { id } errors { code message field detail } } }`;
const FAVOURITE = `mutation F($id: ID!) { favouriteStatus(input: { statusId: $id }) { status { id favourited } errors { code message field detail } } }`;
const REBLOG = `mutation R($id: ID!) { reblogStatus(input: { statusId: $id }) { status { id } errors { code message field detail } } }`;
const READ = `query S($id: ID!) { status(id: $id) { id reblogsCount favouritesCount } }`;

describe('mutation payloads on /graphql', () => {
  let author: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [author, other] = await Promise.all([rig.newUser('gqlpayload'), rig.newUser('gqlpayloadother')]);
  });

  const statusesCount = async (user: TestUser) => (await rig.verifyCredentials(user.token)).statuses_count;

  it('answers a blank status with INVALID on input.status, and publishes nothing', async () => {
    const before = await statusesCount(author);
    const response = await gql(PUBLISH, { input: { status: '   ' } }, author.token);
    expect(response.errors).toBeUndefined();
    expect(response.data?.publishStatus).toEqual({
      status: null,
      errors: [{ code: 'INVALID', message: "Validation failed: Text can't be blank", field: ['input', 'status'], detail: null }],
    });
    expect(await statusesCount(author)).toBe(before);
  });

  it('answers a status over 500 characters with INVALID on input.status, and publishes nothing', async () => {
    const before = await statusesCount(author);
    const answer = (await gqlData(PUBLISH, { input: { status: 'a'.repeat(501) } }, author.token)).publishStatus;
    expect(answer).toEqual({
      status: null,
      errors: [{ code: 'INVALID', message: 'Validation failed: Text character limit of 500 exceeded', field: ['input', 'status'], detail: null }],
    });
    expect(await statusesCount(author)).toBe(before);
  });

  it('answers a poll with one option with INVALID on input.poll.options', async () => {
    const answer = (await gqlData(PUBLISH, { input: { status: 'pick', poll: { options: ['only'], expiresIn: 3600 } } }, author.token)).publishStatus;
    expect(answer.status).toBeNull();
    expect(answer.errors).toEqual([{ code: 'INVALID', message: 'Validation failed: Choices must have more than one item', field: ['input', 'poll', 'options'], detail: null }]);
  });

  it('answers a favourite of a status that does not exist with NOT_FOUND and no field', async () => {
    const answer = (await gqlData(FAVOURITE, { id: '999999999999999' }, other.token)).favouriteStatus;
    expect(answer).toEqual({ status: null, errors: [{ code: 'NOT_FOUND', message: 'Record not found', field: null, detail: null }] });
  });

  it("answers a boost of another's private status with NOT_ALLOWED, and boosts nothing", async () => {
    const follower = await rig.newUser('gqlpayloadfollower');
    await gqlData(`mutation F($id: ID!) { followAccount(input: { accountId: $id }) { relationship { following } } }`, { id: author.account.id }, follower.token);
    const status = await rig.post(author.token, { status: 'followers only', visibility: 'private' });
    const answer = (await gqlData(REBLOG, { id: status.id }, follower.token)).reblogStatus;
    expect(answer).toEqual({ status: null, errors: [{ code: 'NOT_ALLOWED', message: 'This action is not allowed', field: null, detail: null }] });
    // The follower sees it, and it was not boosted.
    expect((await gqlData(READ, { id: status.id }, follower.token)).status).toEqual({ id: status.id, reblogsCount: 0, favouritesCount: 0 });
  });

  it('answers a vote with no choices with MALFORMED on input.choices, and counts nothing', async () => {
    const published = `mutation P($input: PublishStatusInput!) { publishStatus(input: $input) { status { poll { id } } } }`;
    const pollId = (await gqlData(published, { input: { status: 'vote', poll: { options: ['a', 'b'], expiresIn: 3600 } } }, author.token)).publishStatus.status.poll.id;
    const vote = `mutation V($id: ID!) { voteInPoll(input: { pollId: $id, choices: [] }) { poll { votesCount } errors { code message field detail } } }`;
    const answer = (await gqlData(vote, { id: pollId }, other.token)).voteInPoll;
    expect(answer).toEqual({
      poll: null,
      errors: [{ code: 'MALFORMED', message: 'param is missing or the value is empty: choices', field: ['input', 'choices'], detail: null }],
    });
    expect((await gqlData(`query P($id: ID!) { poll(id: $id) { votesCount voted } }`, { id: pollId }, other.token)).poll).toEqual({ votesCount: 0, voted: false });
  });

  it('keeps a missing scope a top-level FORBIDDEN, with no payload', async () => {
    const readOnly = await rig.passwordToken(author.app, author.email, undefined, 'read');
    const response = await gql(PUBLISH, { input: { status: 'not with read' } }, readOnly);
    expect(codesOf(response)).toEqual(['FORBIDDEN']);
    expect(response.errors?.[0]?.message).toBe('This action is outside the authorized scopes');
    expect(response.data).toBeNull();
  });

  it('deletes a status, answering its id and its source text', async () => {
    const posted = (await gqlData(PUBLISH, { input: { status: 'redraft me' } }, author.token)).publishStatus.status;
    const answer = (
      await gqlData(`mutation D($id: ID!) { deleteStatus(input: { statusId: $id }) { deletedStatusId status { id text } errors { code } } }`, { id: posted.id }, author.token)
    ).deleteStatus;
    expect(answer).toEqual({ deletedStatusId: posted.id, status: { id: posted.id, text: 'redraft me' }, errors: [] });
    expect(codesOf(await gql(READ, { id: posted.id }, author.token))).toEqual(['NOT_FOUND']);
  });

  it("answers a taken username at sign-up with a summary and one error per field, detail ERR_TAKEN on input.username", async () => {
    const appToken = await rig.appToken(await rig.registerApp('read write'), 'write');
    const input = { username: author.username, email: `${uniqueUsername('fresh')}@example.com`, password: 'correct horse battery staple', agreement: true, locale: 'en' };
    const response = await gql(`mutation R($input: RegisterAccountInput!) { registerAccount(input: $input) { token { accessToken } errors { code message field detail } } }`, { input }, appToken);
    expect(response.errors).toBeUndefined();
    expect(response.data?.registerAccount).toEqual({
      token: null,
      errors: [
        { code: 'INVALID', message: 'Validation failed: Username has already been taken', field: null, detail: null },
        { code: 'INVALID', message: 'has already been taken', field: ['input', 'username'], detail: 'ERR_TAKEN' },
      ],
    });
  });
});
