// Every raw statement of the statuses subgraph, run against the migrated schema on PostgreSQL and
// PGlite with rows to find, and their decoded rows checked (docs/data-access.md).
import './index';
import type { Database } from '@social/db';
import { describeStatements } from '../../../packages/db/src/statements.test-helper';

jest.setTimeout(120_000);

async function seed({ prisma }: Database): Promise<Record<string, bigint>> {
  const account = async (username: string) => (await prisma.account.create({ data: { username, usernameLower: username } })).id;
  const viewer = await account('viewer');
  const author = await account('author');
  await prisma.accountStats.create({ data: { accountId: author, statusesCount: 2, followersCount: 1, lastStatusAt: new Date('2024-01-02T03:04:05.678Z') } });
  const conversation = (await prisma.conversation.create({ data: {} })).id;
  const root = await prisma.status.create({
    data: { accountId: author, text: 'root #tag', visibility: 'unlisted', conversationId: conversation, language: 'en', createdAt: new Date('2024-01-02T03:04:05.678Z') },
  });
  const reply = await prisma.status.create({ data: { accountId: viewer, text: 'reply', inReplyToId: root.id, inReplyToAccountId: author, conversationId: conversation } });
  await prisma.mention.create({ data: { statusId: root.id, accountId: viewer } });
  const tag = await prisma.tag.create({ data: { name: 'tag', displayName: 'Tag' } });
  await prisma.statusTag.create({ data: { statusId: root.id, tagId: tag.id } });
  await prisma.poll.create({ data: { statusId: root.id, accountId: author } });
  const favourite = await prisma.favourite.create({ data: { accountId: viewer, statusId: root.id } });
  await prisma.bookmark.create({ data: { accountId: viewer, statusId: root.id } });
  await prisma.conversationMute.create({ data: { accountId: viewer, conversationId: conversation } });
  const card = await prisma.previewCard.create({ data: { url: 'https://example.com/', title: 'Example', width: 400, height: 300, publishedAt: new Date('2024-01-01T00:00:00Z') } });
  await prisma.statusCard.create({ data: { statusId: root.id, previewCardId: card.id } });
  const favourited = await prisma.notification.create({ data: { accountId: author, fromAccountId: viewer, type: 'favourite', favouriteId: favourite.id } });
  const mentioned = await prisma.notification.create({ data: { accountId: author, fromAccountId: viewer, type: 'mention', statusId: reply.id } });
  // Blocks and mutes: the viewer blocks `other` and is blocked by it, mutes the author (notifications kept) and
  // `lapsed` (a mute past its expiry); the author mutes `other` with notifications, whose notification then never lists.
  const other = await account('other');
  const lapsed = await account('lapsed');
  await prisma.block.create({ data: { accountId: viewer, targetAccountId: other } });
  await prisma.block.create({ data: { accountId: other, targetAccountId: viewer } });
  await prisma.mute.create({ data: { accountId: viewer, targetAccountId: author, hideNotifications: false, expiresAt: new Date('2999-01-01T00:00:00Z') } });
  await prisma.mute.create({ data: { accountId: viewer, targetAccountId: lapsed, expiresAt: new Date('2000-01-01T00:00:00Z') } });
  await prisma.mute.create({ data: { accountId: author, targetAccountId: other } });
  await prisma.notification.create({ data: { accountId: author, fromAccountId: other, type: 'mention', statusId: reply.id } });
  // Relationships: `lapsed` asks to follow the viewer, who keeps a note on the author and asks `other` (languages kept).
  await prisma.followRequest.create({ data: { accountId: lapsed, targetAccountId: viewer } });
  await prisma.followRequest.create({ data: { accountId: viewer, targetAccountId: other, showReblogs: false, languages: ['en', 'de'] } });
  await prisma.accountNote.create({ data: { accountId: viewer, targetAccountId: author, comment: 'met at a conference' } });
  // Filters: the viewer's one in force (a keyword and a status) and one expired, which the active read leaves out.
  const filter = await prisma.customFilter.create({
    data: { accountId: viewer, title: 'spoilers', context: ['home', 'thread'], action: 'hide', expiresAt: new Date('2999-01-01T00:00:00Z') },
  });
  const keyword = await prisma.customFilterKeyword.create({ data: { customFilterId: filter.id, keyword: 'ending', wholeWord: true } });
  const filteredStatus = await prisma.customFilterStatus.create({ data: { customFilterId: filter.id, statusId: root.id } });
  await prisma.customFilter.create({ data: { accountId: viewer, title: 'old', context: ['public'], expiresAt: new Date('2000-01-01T00:00:00Z') } });
  // Notification policy facts for the sender `star`: `other` has a policy and accepted star's requests;
  // `fan` follows star, who has followed fan since long ago.
  const [star, fan] = [await account('star'), await account('fan')];
  await prisma.notificationPolicy.create({ data: { accountId: other, forNotFollowing: 'drop' } });
  await prisma.notificationPermission.create({ data: { accountId: other, fromAccountId: star } });
  await prisma.follow.create({ data: { accountId: fan, targetAccountId: star } });
  await prisma.follow.create({ data: { accountId: star, targetAccountId: fan, createdAt: new Date('2020-01-01T00:00:00Z') } });
  // Moderation (docs/api/moderation.md): a suspended account, whose notification never lists, and a limited, sensitized one.
  const suspended = (await prisma.account.create({ data: { username: 'suspended', usernameLower: 'suspended', suspendedAt: new Date() } })).id;
  const limited = (await prisma.account.create({ data: { username: 'limited', usernameLower: 'limited', silencedAt: new Date(), sensitizedAt: new Date() } })).id;
  await prisma.notification.create({ data: { accountId: author, fromAccountId: suspended, type: 'mention', statusId: reply.id } });
  // Filtered mentions of `other` by the limited and the suspended account: notification requests' counts.
  await prisma.notification.create({ data: { accountId: other, fromAccountId: limited, type: 'mention', statusId: reply.id, filtered: true } });
  await prisma.notification.create({ data: { accountId: other, fromAccountId: suspended, type: 'mention', statusId: reply.id, filtered: true } });
  // Hashtags: the viewer features `tag` and follows `followed`, which a new public status of `tagger` carries (its history).
  const followedTag = await prisma.tag.create({ data: { name: 'followed', displayName: 'Followed', reviewedAt: new Date() } });
  await prisma.tagFollow.create({ data: { accountId: viewer, tagId: followedTag.id } });
  await prisma.featuredTag.create({ data: { accountId: viewer, tagId: tag.id } });
  const tagger = await account('tagger');
  const tagged = await prisma.status.create({ data: { accountId: tagger, text: '#followed', visibility: 'public', conversationId: conversation } });
  await prisma.statusTag.create({ data: { statusId: tagged.id, tagId: followedTag.id } });
  return {
    viewer, author, other, lapsed, suspended, limited, conversation, root: root.id, reply: reply.id, favourited: favourited.id, mentioned: mentioned.id,
    filter: filter.id, keyword: keyword.id, filteredStatus: filteredStatus.id, star, fan, tag: tag.id, followedTag: followedTag.id,
  };
}

const ids = (rows: Array<Record<string, unknown>>) => rows.map((row) => row.id);

describeStatements(__filename, 'statuses', seed, {
  'statuses.tagsByName': {
    params: () => [['tag', 'followed', 'nothing']],
    expect: (rows, s) =>
      expect(rows.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
        { id: s.followedTag, name: 'followed', displayName: 'Followed' },
        { id: s.tag, name: 'tag', displayName: 'Tag' },
      ]),
  },
  'statuses.tagViewerFlags': {
    params: (s) => [s.viewer, [s.tag, s.followedTag]],
    expect: (rows, s) =>
      expect(rows).toEqual([
        { id: s.tag, following: false, featuring: true },
        { id: s.followedTag, following: true, featuring: false },
      ]),
  },
  'statuses.tagHistories': {
    // Since the epoch: the unlisted root (with `tag`) is not counted, the public status with `followed` is, today.
    params: (s) => [[s.tag, s.followedTag], 0n],
    expect: (rows, s) => expect(rows).toEqual([{ tag_id: s.followedTag, day: Math.floor(Date.now() / 86_400_000) * 86_400, uses: 1, accounts: 1 }]),
  },
  'statuses.hashtagSearch': {
    // Prefix "f" (a LIKE pattern), review not required: `followed` alone (exclude_unreviewed: test/api/search e2e).
    params: () => ['f%', 'f', 0, 5, 0],
    expect: (rows, s) => expect(rows).toEqual([{ id: s.followedTag, name: 'followed', displayName: 'Followed' }]),
  },
  'statuses.read': {
    // Read for `other`, whom the reply's author (viewer) blocks, and who has no flags (the flags' SQL is statuses.viewerFlags's).
    params: (s) => [[s.root, s.reply, 1n], s.other],
    expect: (rows, s) => {
      expect(rows).toHaveLength(2);
      const root = rows.find((row) => row.id === s.root);
      expect(root).toMatchObject({
        accountId: s.author, applicationId: null, text: 'root #tag', visibility: 'unlisted', language: 'en', inReplyToId: null, conversationId: s.conversation,
        repliesCount: 0, createdAt: new Date('2024-01-02T03:04:05.678Z'), editedAt: null,
        author_username: 'author', author_suspended: false, author_limited: false, author_sensitized: false, has_stats: true, statuses_count: 2, followers_count: 1, last_status_at: new Date('2024-01-02T03:04:05.678Z'),
        mentions: [{ accountId: s.viewer.toString(), username: 'viewer' }], tags: [{ name: 'tag', displayName: 'Tag' }], has_poll: true, blocks_viewer: false,
        favourited: false, reblogged: false, bookmarked: false, pinned: false, muted: false,
        // The card as PREVIEW_CARD.jsonObject writes it: timestamps in ISO 8601 UTC.
        card: expect.objectContaining({ url: 'https://example.com/', title: 'Example', width: 400, height: 300, imageUrl: null, publishedAt: '2024-01-01T00:00:00.000Z' }),
      });
      expect(rows.find((row) => row.id === s.reply)).toMatchObject({
        inReplyToId: s.root, inReplyToAccountId: s.author, has_stats: false, mentions: [], tags: [], has_poll: false, blocks_viewer: true, card: null,
      });
    },
  },
  'statuses.viewerFlags': {
    params: (s) => [s.viewer, [s.root, s.reply]],
    expect: (rows, s) =>
      expect(rows).toEqual([
        { id: s.root.toString(), favourited: true, reblogged: false, bookmarked: true, pinned: false, muted: true },
        { id: s.reply.toString(), favourited: false, reblogged: false, bookmarked: false, pinned: false, muted: true },
      ]),
  },
  'statuses.cardsByStatus': {
    params: (s) => [[s.root, s.reply]],
    expect: (rows, s) =>
      expect(rows).toEqual([
        {
          statusId: s.root.toString(), url: 'https://example.com/', title: 'Example', description: '', type: 'link', authorName: '', authorUrl: '',
          providerName: '', providerUrl: '', html: '', width: 400, height: 300, imageUrl: null, imageDescription: '', embedUrl: '', blurhash: null,
          language: null, publishedAt: new Date('2024-01-01T00:00:00Z'),
        },
      ]),
  },
  'statuses.notificationSilenced': {
    // From `other`: the viewer blocks it and the author mutes it with notifications; `lapsed` and `other` itself hear it.
    params: (s) => [[s.viewer, s.author, s.lapsed, s.other], null, s.other],
    expect: (rows, s) => expect(rows.map((row) => row.accountId).sort()).toEqual([s.viewer, s.author].sort()),
  },
  'statuses.notificationById': {
    params: (s) => [s.favourited],
    expect: (rows, s) => expect(rows).toEqual([{ id: s.favourited, accountId: s.author, fromAccountId: s.viewer, type: 'favourite', filtered: false, createdAt: expect.any(Date), statusId: s.root }]),
  },
  'statuses.notificationsNewest': {
    params: (s) => [s.author, null, null, null, null, 20, 0],
    expect: (rows, s) => {
      expect(ids(rows)).toEqual([s.mentioned, s.favourited]);
      expect(rows.map((row) => row.statusId)).toEqual([s.reply, s.root]);
    },
  },
  'statuses.notificationsOldest': {
    params: (s) => [s.author, null, 0n, ['favourite', 'mention'], s.viewer, 1, 0],
    expect: (rows, s) => expect(ids(rows)).toEqual([s.favourited]),
  },
  'statuses.notificationGroupsNewest': {
    params: (s) => [s.author, null, null, null, ['favourite', 'reblog', 'follow'], 40, 0],
    expect: (rows, s) => {
      const hour = Math.floor(Date.now() / 3_600_000);
      expect(rows).toEqual([
        {
          groupKey: `ungrouped-${s.mentioned}`, type: 'mention', statusId: s.reply, notificationsCount: 1, mostRecentNotificationId: s.mentioned,
          pageMinId: s.mentioned, pageMaxId: s.mentioned, latestPageNotificationAt: expect.any(Date), sampleAccountIds: [s.viewer.toString()],
        },
        {
          groupKey: expect.stringMatching(new RegExp(`^favourite-${s.root}-(${hour - 1}|${hour})$`)), type: 'favourite', statusId: s.root, notificationsCount: 1,
          mostRecentNotificationId: s.favourited, pageMinId: s.favourited, pageMaxId: s.favourited, latestPageNotificationAt: expect.any(Date),
          sampleAccountIds: [s.viewer.toString()],
        },
      ]);
    },
  },
  'statuses.notificationGroupsOldest': {
    params: (s) => [s.author, null, 0n, ['favourite'], [], 1, 0],
    expect: (rows, s) => expect(rows).toMatchObject([{ groupKey: `ungrouped-${s.favourited}`, type: 'favourite', notificationsCount: 1 }]),
  },
  'statuses.notificationGroupMembers': {
    params: (s) => [s.author, `ungrouped-${s.mentioned}`, null, null, [], s.mentioned + 1n, 10, s.mentioned - 1n, 1],
    expect: (rows, s) => expect(rows).toEqual([{ id: s.mentioned, fromAccountId: s.viewer, type: 'mention', statusId: s.reply }]),
  },
  'statuses.accountStatsByIds': {
    params: (s) => [[s.author, s.viewer]],
    expect: (rows, s) =>
      expect(rows).toEqual([{ accountId: s.author.toString(), statusesCount: 2, followersCount: 1, followingCount: 0, lastStatusAt: new Date('2024-01-02T03:04:05.678Z') }]),
  },
  'statuses.accountStatesByIds': {
    params: (s) => [[s.author, s.suspended, s.limited, 1n]],
    expect: (rows, s) =>
      expect(rows.sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
        [
          { id: s.author.toString(), suspended: false, limited: false, sensitized: false },
          { id: s.suspended.toString(), suspended: true, limited: false, sensitized: false },
          { id: s.limited.toString(), suspended: false, limited: true, sensitized: true },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      ),
  },
  'statuses.notificationsCountAfter': {
    // The page's rows (not the muted sender's, nor the suspended one's), counted; then only mentions, then capped.
    params: (s) => [s.author, null, null, 100],
    expect: (rows) => expect(rows).toEqual([{ n: 2 }]),
  },
  'statuses.filteredNotificationCounts': {
    // The limited sender's filtered mention counts; the suspended sender's does not.
    params: (s) => [s.other, [s.limited, s.suspended]],
    expect: (rows, s) => expect(rows).toEqual([{ fromAccountId: s.limited, n: 1 }]),
  },
  'statuses.usernamesByIds': {
    params: (s) => [[s.author, 1n]],
    expect: (rows, s) => expect(rows).toEqual([{ id: s.author.toString(), username: 'author' }]),
  },
  'statuses.threadAncestors': {
    params: (s) => [s.reply, 40],
    // From the status up (ThreadData reverses it).
    expect: (rows, s) => expect(ids(rows)).toEqual([s.reply, s.root]),
  },
  'statuses.relationships': {
    params: (s) => [s.viewer, [s.other, s.author, s.lapsed, 1n]],
    expect: (rows, s) => {
      const nothing = { following: false, requested: false, showingReblogs: false, notifying: false, languages: null, followedBy: false, requestedBy: false, blocking: false, blockedBy: false, muting: false, mutingNotifications: false, mutingExpiresAt: null, endorsed: false, note: '' };
      expect(rows).toEqual([
        { ...nothing, id: s.other.toString(), requested: true, languages: ['en', 'de'], blocking: true, blockedBy: true },
        { ...nothing, id: s.author.toString(), muting: true, mutingExpiresAt: new Date('2999-01-01T00:00:00Z'), note: 'met at a conference' },
        { ...nothing, id: s.lapsed.toString(), requestedBy: true },
      ]);
    },
  },
  'statuses.safetyView': {
    params: (s) => [s.viewer],
    expect: (rows, s) =>
      expect(rows).toEqual([
        { kind: 'blocking', accountId: s.other.toString() },
        { kind: 'blockedBy', accountId: s.other.toString() },
        { kind: 'muting', accountId: s.author.toString() },
      ]),
  },
  'statuses.blockersAmong': {
    params: (s) => [s.viewer, [s.other, s.author]],
    expect: (rows, s) => expect(rows).toEqual([{ accountId: s.other.toString() }]),
  },
  'statuses.threadDescendants': {
    params: (s) => [s.root, null, 61],
    expect: (rows, s) => expect(ids(rows)).toEqual([s.root, s.reply]),
  },
  'statuses.notificationPolicyFacts': {
    params: (s) => [s.star, [s.fan, s.other], '2026-06-01T00:00:00.000Z'],
    expect: (rows, s) => {
      const sender = { senderCreatedAt: expect.any(Date), senderPermissions: '0', senderLimited: false };
      const noPolicy = { forNotFollowing: null, forNotFollowers: null, forNewAccounts: null, forPrivateMentions: null, forLimitedAccounts: null };
      expect(rows).toEqual([
        { accountId: s.fan, ...noPolicy, permitted: false, following: true, followedBy: true, ...sender },
        {
          accountId: s.other,
          ...{ forNotFollowing: 'drop', forNotFollowers: 'accept', forNewAccounts: 'accept', forPrivateMentions: 'filter', forLimitedAccounts: 'filter' },
          permitted: true,
          following: false,
          followedBy: false,
          ...sender,
        },
      ]);
    },
  },
  // Writes last: they change what the reads above find.
  'statuses.favourite': {
    params: (s) => [s.reply, s.viewer, '2026-06-01T00:00:00.000Z'],
    expect: (rows) => expect(rows).toEqual([{ found: true, createdId: expect.any(BigInt) }]),
  },
  'statuses.unfavourite': {
    params: (s) => [s.viewer, s.root],
    expect: (rows) => expect(rows).toEqual([{ removed: true }]),
  },
  'statuses.activeFilters': {
    params: (s) => [s.viewer, '2026-06-01T00:00:00.000Z'],
    expect: (rows, s) =>
      expect(rows).toEqual([
        {
          id: s.filter,
          accountId: s.viewer,
          title: 'spoilers',
          context: ['home', 'thread'],
          action: 'hide',
          expiresAt: new Date('2999-01-01T00:00:00Z'),
          keywords: [{ id: s.keyword.toString(), keyword: 'ending', wholeWord: true }],
          statuses: [{ id: s.filteredStatus.toString(), statusId: s.root.toString() }],
        },
      ]),
  },
});
