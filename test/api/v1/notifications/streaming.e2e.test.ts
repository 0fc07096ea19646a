// The user stream's `notification` event for notifications as they are recorded: a follow, a mention and
// a favourite each reach the recipient's /api/v1/streaming/user and /user/notification streams with the
// Notification REST answers, and nothing reaches the actor. docs/api/streaming.md#streams.
import type { TestUser } from '@social/testkit';
import { act, follow } from '../../../support/interactions';
import { api, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';
import type { SseStream } from '../../../support/streaming';

const byType = (type: string) => (data: string) => (JSON.parse(data) as { type: string }).type === type;

describe('GET /api/v1/streaming/user: notification events', () => {
  let recipient: TestUser;
  let actor: TestUser;
  let userStream: SseStream;
  let notificationStream: SseStream;
  let actorStream: SseStream;

  beforeAll(async () => {
    [recipient, actor] = await Promise.all([rig.newUser('nsrecipient'), rig.newUser('nsactor')]);
    [userStream, notificationStream, actorStream] = await Promise.all([
      openSse('/api/v1/streaming/user', recipient.token),
      openSse('/api/v1/streaming/user/notification', recipient.token),
      openSse('/api/v1/streaming/user', actor.token),
    ]);
  });

  it.each([
    ['follow', async () => follow(actor, recipient)],
    ['mention', async () => void (await rig.post(actor.token, `@${recipient.username} ping`))],
    ['favourite', async () => void (await act(actor, (await rig.post(recipient.token, 'Like me')).id, 'favourite'))],
  ])('sends `event: notification` for a %s with the Notification as GET /api/v1/notifications/:id answers it', async (type, action) => {
    await action();

    const [event, alone] = await Promise.all([userStream.next('notification', byType(type)), notificationStream.next('notification', byType(type))]);

    const payload = JSON.parse(event.data) as { id: string };
    const rest = await api.get(`/api/v1/notifications/${payload.id}`, { token: recipient.token });
    expect(payload).toEqual(rest.body);
    expect(JSON.parse(alone.data)).toEqual(rest.body);
  });

  it('sends the actor no notification events', async () => {
    const marker = await rig.post(actor.token, 'marker');
    await actorStream.next('update', (data) => data.includes(marker.id));

    expect(actorStream.events.items.filter((e) => e.event === 'notification')).toEqual([]);
  });
});
