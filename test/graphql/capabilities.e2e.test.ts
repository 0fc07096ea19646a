// The rest of the GraphQL API's capabilities, called directly (issue #8): accounts and the
// follow graph, scheduled statuses, lists, markers, notifications housekeeping, the
// instance and client start-up queries, media deletion, sign-up and token revocation.
import { type TestUser, uniqueUsername } from '@social/testkit';
import * as images from '../support/images';
import { upload } from '../support/media';
import { api, rig } from '../support/server';
import { codesOf, gql, gqlData } from '../support/graphql';

describe('the GraphQL API, more capabilities', () => {
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([rig.newUser('gqlalice'), rig.newUser('gqlbob')]);
  });

  it('answers the instance, OAuth metadata, custom emojis and announcements without a user', async () => {
    const data = await gqlData(`{ instance { title version registrationsEnabled } oauthServerMetadata { scopesSupported grantTypesSupported } customEmojis { shortcode } }`);
    expect(data.instance).toEqual({ title: expect.any(String), version: expect.stringMatching(/^4\./), registrationsEnabled: true });
    expect(data.oauthServerMetadata.grantTypesSupported).toEqual(expect.arrayContaining(['authorization_code', 'password', 'client_credentials']));
    expect(data.customEmojis).toEqual([]);
    expect((await gqlData(`{ announcements { id } }`, {}, alice.token)).announcements).toEqual([]);
  });

  it('answers the viewer preferences', async () => {
    const data = await gqlData(`{ preferences { postingDefaultVisibility postingDefaultSensitive readingExpandSpoilers } }`, {}, alice.token);
    expect(data.preferences).toEqual({ postingDefaultVisibility: 'public', postingDefaultSensitive: false, readingExpandSpoilers: false });
  });

  it('follows, reads relationships and both follow lists on the common cursor shape, then unfollows', async () => {
    await gqlData(`mutation F($id: ID!) { followAccount(input: { accountId: $id }) { relationship { following } } }`, { id: bob.account.id }, alice.token);
    const data = await gqlData(
      `query R($ids: [ID!]!, $bob: ID!, $alice: ID!) {
        relationships(ids: $ids) { id following followedBy }
        accountFollowers(accountId: $bob, limit: 1) { items { id } nextMaxId prevMinId }
        accountFollowing(accountId: $alice) { items { id } }
      }`,
      { ids: [bob.account.id], bob: bob.account.id, alice: alice.account.id },
      alice.token,
    );
    expect(data.relationships).toEqual([{ id: bob.account.id, following: true, followedBy: false }]);
    expect(data.accountFollowers).toEqual({ items: [{ id: alice.account.id }], nextMaxId: expect.any(String), prevMinId: expect.any(String) });
    expect(data.accountFollowing.items).toEqual([{ id: bob.account.id }]);
    const unfollowed = await gqlData(`mutation U($id: ID!) { unfollowAccount(input: { accountId: $id }) { relationship { following } errors { code } } }`, { id: bob.account.id }, alice.token);
    expect(unfollowed.unfollowAccount).toEqual({ relationship: { following: false }, errors: [] });
  });

  it('schedules, lists, reschedules and cancels a status', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await gqlData(
      `mutation S($input: ScheduleStatusInput!) { scheduleStatus(input: $input) { scheduledStatus { id scheduledAt params { text visibility } } status { id } errors { code } } }`,
      { input: { status: 'later, via GraphQL', visibility: 'UNLISTED', scheduledAt: at } },
      alice.token,
    );
    const { id } = scheduled.scheduleStatus.scheduledStatus;
    expect(scheduled.scheduleStatus).toEqual({
      scheduledStatus: { id: expect.any(String), scheduledAt: at, params: { text: 'later, via GraphQL', visibility: 'UNLISTED' } },
      status: null,
      errors: [],
    });
    expect((await gqlData(`{ scheduledStatuses { items { id } } }`, {}, alice.token)).scheduledStatuses.items).toEqual([{ id }]);
    expect(codesOf(await gql(`query Q($id: ID!) { scheduledStatus(id: $id) { id } }`, { id }, bob.token))).toEqual(['NOT_FOUND']);
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const moved = await gqlData(
      `mutation M($id: ID!, $at: String) { rescheduleStatus(input: { scheduledStatusId: $id, scheduledAt: $at }) { scheduledStatus { scheduledAt } } }`,
      { id, at: later },
      alice.token,
    );
    expect(moved.rescheduleStatus).toEqual({ scheduledStatus: { scheduledAt: later } });
    const cancel = `mutation C($id: ID!) { cancelScheduledStatus(input: { scheduledStatusId: $id }) { cancelledScheduledStatusId errors { code } } }`;
    expect((await gqlData(cancel, { id }, alice.token)).cancelScheduledStatus).toEqual({ cancelledScheduledStatusId: id, errors: [] });
    expect(codesOf(await gql(`query Q($id: ID!) { scheduledStatus(id: $id) { id } }`, { id }, alice.token))).toEqual(['NOT_FOUND']);
  });

  it('renames a list, lists and removes its accounts, and deletes it', async () => {
    await gqlData(`mutation F($id: ID!) { followAccount(input: { accountId: $id }) { relationship { following } } }`, { id: bob.account.id }, alice.token);
    const list = (await gqlData(`mutation { createList(input: { title: "first" }) { list { id } } }`, {}, alice.token)).createList.list;
    await gqlData(`mutation A($id: ID!, $ids: [ID!]!) { addListAccounts(input: { listId: $id, accountIds: $ids }) { list { id } } }`, { id: list.id, ids: [bob.account.id] }, alice.token);
    const renamed = await gqlData(`mutation R($id: ID!) { updateList(input: { listId: $id, title: "renamed" }) { list { title } errors { code } } }`, { id: list.id }, alice.token);
    expect(renamed.updateList).toEqual({ list: { title: 'renamed' }, errors: [] });
    const members = `query M($id: ID!) { listAccounts(id: $id) { items { id } } }`;
    expect((await gqlData(members, { id: list.id }, alice.token)).listAccounts.items).toEqual([{ id: bob.account.id }]);
    await gqlData(`mutation D($id: ID!, $ids: [ID!]!) { removeListAccounts(input: { listId: $id, accountIds: $ids }) { list { id } } }`, { id: list.id, ids: [bob.account.id] }, alice.token);
    expect((await gqlData(members, { id: list.id }, alice.token)).listAccounts.items).toEqual([]);
    const deleted = await gqlData(`mutation X($id: ID!) { deleteList(input: { listId: $id }) { deletedListId errors { code } } }`, { id: list.id }, alice.token);
    expect(deleted.deleteList).toEqual({ deletedListId: list.id, errors: [] });
    expect(codesOf(await gql(members, { id: list.id }, alice.token))).toEqual(['NOT_FOUND']);
  });

  it('saves and reads markers, counts unread notifications and clears them', async () => {
    const owner = await rig.newUser('gqlmarkers');
    const { status } = (await gqlData(`mutation P { publishStatus(input: { status: "mark me" }) { status { id } } }`, {}, owner.token)).publishStatus;
    await gqlData(`mutation M($id: ID!) { favouriteStatus(input: { statusId: $id }) { status { id } } }`, { id: status.id }, bob.token);
    expect((await gqlData(`{ notificationsUnreadCount }`, {}, owner.token)).notificationsUnreadCount).toBe(1);
    const saved = await gqlData(`mutation S($id: String) { saveMarkers(input: { home: { lastReadId: $id } }) { markers { timeline lastReadId version } errors { code } } }`, { id: status.id }, owner.token);
    expect(saved.saveMarkers).toEqual({ markers: [{ timeline: 'HOME', lastReadId: status.id, version: expect.any(Number) }], errors: [] });
    const read = await gqlData(`{ markers(timelines: [HOME]) { timeline lastReadId } }`, {}, owner.token);
    expect(read.markers).toEqual([{ timeline: 'HOME', lastReadId: status.id }]);
    expect((await gqlData(`mutation { clearNotifications { cleared errors { code } } }`, {}, owner.token)).clearNotifications).toEqual({ cleared: true, errors: [] });
    expect((await gqlData(`{ notificationsUnreadCount }`, {}, owner.token)).notificationsUnreadCount).toBe(0);
  });

  it('deletes an unattached media attachment, after which it is NOT_FOUND', async () => {
    const uploaded = await upload(api, 'v1', alice.token, { file: await images.png(40, 30) });
    const id = uploaded.body.id as string;
    const deleted = await gqlData(`mutation D($id: ID!) { deleteMediaAttachment(input: { mediaAttachmentId: $id }) { deletedMediaAttachmentId errors { code } } }`, { id }, alice.token);
    expect(deleted.deleteMediaAttachment).toEqual({ deletedMediaAttachmentId: id, errors: [] });
    expect(codesOf(await gql(`query Q($id: ID!) { mediaAttachment(id: $id) { id } }`, { id }, alice.token))).toEqual(['NOT_FOUND']);
  });

  it('signs up through registerAccount with an app token, and revokes a token with revokeToken', async () => {
    const app = await rig.registerApp('read write');
    const appToken = await rig.appToken(app, 'write');
    const username = uniqueUsername('gqlsignup');
    const signedUp = await gqlData(
      `mutation R($input: RegisterAccountInput!) { registerAccount(input: $input) { token { accessToken scope } errors { code } } }`,
      { input: { username, email: `${username}@example.com`, password: 'correct horse battery staple', agreement: true, locale: 'en' } },
      appToken,
    );
    expect(signedUp.registerAccount.errors).toEqual([]);
    const token = signedUp.registerAccount.token.accessToken as string;
    expect((await gqlData(`{ viewer { username } }`, {}, token)).viewer).toEqual({ username });
    const revoked = await gqlData(
      `mutation V($input: RevokeTokenInput!) { revokeToken(input: $input) { revoked errors { code } } }`,
      { input: { clientId: app.client_id, clientSecret: app.client_secret, token } },
    );
    expect(revoked.revokeToken).toEqual({ revoked: true, errors: [] });
    expect(codesOf(await gql(`{ viewer { username } }`, {}, token))).toEqual(['UNAUTHENTICATED']);
  });
});
