// Lookups that answer null (or their own 404) for a status or notification that is not there
// must not answer the same when the database cannot be read: on a real, migrated PostgreSQL
// database, missing is missing; through a database address whose connections are cut as they
// open (what a stopped or restarting server looks like to the driver), the error goes through,
// still recognisable as an outage, which the subgraph answers as UNAVAILABLE (HTTP 503).
import { createServer, type Server } from 'node:net';
import { NO_INVALIDATION } from '@social/cache';
import { applyMigrations, openDatabase, type Database } from '@social/db';
import { ErrorCode, isUnavailableError } from '@social/errors';
import type { Principal } from '@social/federation';
import { createEventBus } from '@social/pubsub';
import { createTestDatabase, type TestDatabase } from '@social/testkit';
import { AccountStatsData } from '../account/account-stats.data';
import { createStatusesContext, type StatusesContext, type StatusesData } from '../context';
import { ConversationData } from '../conversation/conversation.data';
import { ConversationService } from '../conversation/conversation.service';
import { StatusEvents } from '../events';
import { MarkerData } from '../marker/marker.data';
import { MentionData } from '../mention/mention.data';
import { MentionService } from '../mention/mention.service';
import { NotificationData } from '../notification/notification.data';
import { NotificationResolver } from '../notification/notification.resolver';
import { NotificationService } from '../notification/notification.service';
import { NotificationType, type Notification } from '../notification/notification.type';
import { RelationshipData } from '../relationship/relationship.data';
import { SafetyData } from '../block/safety.data';
import { ViewerFlagsData } from '../viewer/viewer-flags.data';
import { StatusData } from './status.data';
import { resolveStatusReference } from './status.reference';
import { StatusService } from './status.service';

jest.setTimeout(60_000);

const VIEWER: Principal = { kind: 'user', tokenId: '1', applicationId: '1', accountId: '1', scopes: ['read', 'write'] };
const NO_PARENT = 'The post you are trying to reply to does not appear to exist.';

/** The services the lookups live in, on one database. */
function servicesOn(database: Database) {
  const prisma = database.prisma;
  const data: StatusesData = { statuses: new StatusData(prisma), accountStats: new AccountStatsData(prisma), relationships: new RelationshipData(prisma), viewerFlags: new ViewerFlagsData(prisma), safety: new SafetyData(prisma) };
  const config = { publicUrl: 'https://social.test', defaultLanguage: 'en' };
  const events = new StatusEvents(createEventBus(undefined), () => undefined);
  const statuses = new StatusService(data.statuses, config, events, new MentionService(new MentionData(prisma), config.publicUrl), NO_INVALIDATION);
  const notifications = new NotificationService(new NotificationData(prisma), statuses, new MarkerData(prisma));
  const conversations = new ConversationService(new ConversationData(prisma), statuses, events);
  return { data, statuses, notifications, conversations, notificationResolver: new NotificationResolver(notifications, statuses) };
}
type Services = ReturnType<typeof servicesOn>;

/** What each lookup answers for status (or notification) id 42, which does not exist. */
const lookups: Array<[string, (services: Services, ctx: StatusesContext) => Promise<unknown>]> = [
  ['a Status entity reference', ({ statuses }, ctx) => resolveStatusReference(statuses)({ id: '42' }, ctx)],
  ["a reply's parent", ({ statuses }, ctx) => statuses.prepare({ status: 'a reply', inReplyToId: '42' }, ctx)],
  ['a notification for the stream', ({ notifications }, ctx) => notifications.forStream('42', ctx)],
  [
    "a notification's status",
    ({ notificationResolver }, ctx) =>
      notificationResolver.status({ id: '7', type: NotificationType.MENTION, createdAt: new Date(), groupKey: 'ungrouped-7', account: { id: '2' }, statusId: '42' } as Notification, ctx),
  ],
  [
    "a conversation's last status",
    async ({ conversations }, ctx) => {
      // The other participant's counters as a read of this request left them: the last status is the one lookup left.
      ctx.accountStats.prime('2', { statusesCount: 1, followersCount: 0, followingCount: 0, lastStatusAt: null });
      const conversation = await conversations.toConversation({ id: 5n, accountId: 1n, conversationId: 3n, participantAccountIds: [2n], lastStatusId: 42n, unread: true }, ctx);
      return conversation.lastStatus;
    },
  ],
];

function run(services: Services, lookup: (services: Services, ctx: StatusesContext) => Promise<unknown>): Promise<unknown> {
  return lookup(services, createStatusesContext(services.data, VIEWER, 'lookup-outage'));
}

let testDatabase: TestDatabase;
let up: Database;
let down: Database;
let cutter: Server;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await applyMigrations(testDatabase.url);
  up = await openDatabase({ kind: 'postgres', url: testDatabase.url, poolSize: 2 });
  cutter = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
  const { port } = cutter.address() as { port: number };
  down = await openDatabase({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/social`, poolSize: 2 });
});

afterAll(async () => {
  await up?.close();
  await down?.close();
  await new Promise((resolve) => cutter?.close(resolve));
  await testDatabase?.drop();
});

describe('with the database up', () => {
  it.each(lookups)('%s: missing is null (or its own 404)', async (name, lookup) => {
    const outcome = await run(servicesOn(up), lookup).then(
      (value) => ({ value }),
      (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
    );
    expect(outcome).toEqual(name === "a reply's parent" ? { code: ErrorCode.NOT_FOUND, message: NO_PARENT } : { value: null });
  });
});

describe('with the database unreachable', () => {
  it.each(lookups)('%s: the outage goes through, not a null', async (_name, lookup) => {
    const outcome = await run(servicesOn(down), lookup).then(
      (value) => ({ value }),
      (error: unknown) => ({ unavailable: isUnavailableError(error) }),
    );
    expect(outcome).toEqual({ unavailable: true });
  });
});
