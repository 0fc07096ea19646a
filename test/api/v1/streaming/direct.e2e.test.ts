// The direct stream (GET /api/v1/streaming/direct over SSE, stream=direct over WebSocket): a `conversation`
// event with the participant's Conversation each time a direct status arrives in one of their conversations
// or its newest goes; never the statuses themselves (no update, no delete). docs/api/streaming.md#streams;
// docs/api/timelines.md#conversations.
import type { TestUser } from '@social/testkit';
import { directMessage, expectedConversation } from '../../../support/conversations';
import { expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';
import { expectSseError, openSse } from '../../../support/sse';
import { whenLive, WsStream } from '../../../support/streaming';

/** A conversation payload whose newest status is `statusId`. */
const lastStatusIs = (statusId: string) => (payload: string | undefined) =>
  payload !== undefined && (JSON.parse(payload) as { last_status?: { id?: string } }).last_status?.id === statusId;

/** The conversation event whose newest status is `statusId`, as a transport gets it: SSE or a WebSocket frame. */
interface DirectStream {
  conversation(statusId: string): Promise<Record<string, unknown>>;
  /** Every event received so far: its name and payload. */
  received(): Array<{ event: string; payload: string | undefined }>;
}

const sockets: WsStream[] = [];
afterAll(() => sockets.forEach((ws) => ws.close()));

const transports: Array<[string, (user: TestUser) => Promise<DirectStream>]> = [
  [
    'SSE',
    async (user) => {
      const stream = await openSse('/api/v1/streaming/direct', user.token);
      return {
        conversation: async (statusId) => JSON.parse((await stream.next('conversation', lastStatusIs(statusId))).data) as Record<string, unknown>,
        received: () => stream.events.items.map((event) => ({ event: event.event, payload: event.data })),
      };
    },
  ],
  [
    'WebSocket',
    async (user) => {
      const ws = await WsStream.open({ token: user.token, query: { stream: 'direct' } });
      sockets.push(ws);
      // A subscription says nothing when it is live: notes to self are posted until one comes through.
      await whenLive(
        async () => (await directMessage(user, [], 'probe')).id,
        (id, ms) => ws.next('conversation', ['direct'], lastStatusIs(id), ms),
      );
      return {
        conversation: async (statusId) => JSON.parse((await ws.next('conversation', ['direct'], lastStatusIs(statusId))).payload as string) as Record<string, unknown>,
        received: () => ws.frames.items.map((frame) => ({ event: frame.event as string, payload: frame.payload })),
      };
    },
  ],
];

describe.each(transports)('the direct stream over %s', (_transport, open) => {
  let sender: TestUser;
  let recipient: TestUser;
  let other: TestUser;
  let bystander: TestUser;
  let toSender: DirectStream;
  let toRecipient: DirectStream;
  let toBystander: DirectStream;

  beforeAll(async () => {
    [sender, recipient, other, bystander] = await Promise.all([
      rig.newUser('dirsender'),
      rig.newUser('dirrecipient'),
      rig.newUser('dirother'),
      rig.newUser('dirbystander'),
    ]);
    [toSender, toRecipient, toBystander] = await Promise.all([open(sender), open(recipient), open(bystander)]);
  });

  it('sends each participant `conversation` with the others as accounts: unread for the recipients, read for the author', async () => {
    const dm = await directMessage(sender, [recipient, other], 'between us');

    const [received, sent] = await Promise.all([toRecipient.conversation(dm.id), toSender.conversation(dm.id)]);

    expect(received).toEqual(await expectedConversation(recipient, [sender, other], dm.id, true));
    expect(sent).toEqual(await expectedConversation(sender, [recipient, other], dm.id, false));
  });

  it('sends the same conversation again when a reply arrives, now unread for the first author', async () => {
    const dm = await directMessage(sender, [recipient], 'lunch?');
    const first = await toSender.conversation(dm.id);
    const reply = await directMessage(recipient, [sender], 'yes', { in_reply_to_id: dm.id });

    const again = await toSender.conversation(reply.id);

    expect(again).toEqual({ ...(await expectedConversation(sender, [recipient], reply.id, true)), id: first.id });
  });

  it('sends the conversation with its previous status when the newest is deleted', async () => {
    const dm = await directMessage(sender, [recipient], 'dinner?');
    await toRecipient.conversation(dm.id);
    const reply = await directMessage(recipient, [sender], 'sure', { in_reply_to_id: dm.id });
    await toRecipient.conversation(reply.id);

    expectJson(await api.delete(`/api/v1/statuses/${reply.id}`, { token: recipient.token }), 200);

    expect(await toRecipient.conversation(dm.id)).toEqual(await expectedConversation(recipient, [sender], dm.id, false));
  });

  it('sends nothing to anyone else, and never a status as update or delete', async () => {
    const dm = await directMessage(sender, [recipient], 'private');
    await rig.post(sender.token, `@${recipient.username} in public`);
    expectJson(await api.delete(`/api/v1/statuses/${dm.id}`, { token: sender.token }), 200);
    // Later events on each stream: whatever was sent before them has arrived by then.
    const later = await directMessage(sender, [recipient], 'later');
    const note = await directMessage(bystander, [], 'note to self');

    await Promise.all([toSender.conversation(later.id), toRecipient.conversation(later.id)]);
    const own = await toBystander.conversation(note.id);

    expect(own).toEqual(await expectedConversation(bystander, [bystander], note.id, false));
    const authors = toBystander.received().map(({ payload }) => (JSON.parse(payload as string) as { last_status: { account: { id: string } } }).last_status.account.id);
    expect(new Set(authors)).toEqual(new Set([bystander.account.id]));
    for (const stream of [toBystander, toRecipient, toSender]) expect(stream.received().filter(({ event }) => event !== 'conversation')).toEqual([]);
  });
});

describe('GET /api/v1/streaming/direct without a token', () => {
  it('answers 401 Missing access token', async () => {
    await expectSseError('/api/v1/streaming/direct', undefined, 401, 'Missing access token');
  });
});
