import { createMemoryEventBus, EVENT_CHANNELS, EVENT_TYPES, type DomainEvent, type DomainEventType, type EventBus } from '@social/pubsub';
import { EventHub } from './event-hub.js';
import { KNOWN_EVENT_TYPES, NOT_STREAMED, parseEvent } from './events.js';

/** One event of every type the services publish, as they publish it (the type makes a missing one a compile error). */
const SAMPLES: { [T in DomainEventType]: DomainEvent<T> } = {
  'status.created': {
    type: 'status.created', statusId: '10', accountId: '1', visibility: 'public', reblogOfId: null,
    mentionedAccountIds: ['2'], inReplyToAccountId: null, tags: ['rabbits'],
  },
  'status.updated': {
    type: 'status.updated', statusId: '10', accountId: '1', visibility: 'public', reblogOfId: null,
    mentionedAccountIds: [], inReplyToAccountId: null, tags: ['rabbits'], editedAt: '2026-11-25T05:00:00.000Z',
  },
  'status.deleted': { type: 'status.deleted', statusId: '10', accountId: '1', visibility: 'public', reblogOfId: null, mentionedAccountIds: [], tags: [] },
  'status.favourited': { type: 'status.favourited', statusId: '10', accountId: '2', statusAccountId: '1' },
  'notification.created': { type: 'notification.created', notificationId: '7', accountId: '1' },
  'conversation.updated': { type: 'conversation.updated', conversationId: '5', accountId: '1' },
  'token.revoked': { type: 'token.revoked', tokenId: '3' },
  'filters.changed': { type: 'filters.changed', accountId: '1' },
  'preferences.changed': { type: 'preferences.changed', accountId: '1' },
  'role.changed': { type: 'role.changed', accountId: '1' },
  'ip_blocks.changed': { type: 'ip_blocks.changed', ipBlockId: '1' },
  'announcement.published': { type: 'announcement.published', announcementId: '4' },
  'announcement.reaction': { type: 'announcement.reaction', announcementId: '4', name: '👍', count: 2 },
  'announcement.deleted': { type: 'announcement.deleted', announcementId: '4' },
};

/** Lets the memory bus deliver what was published. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the event hub and the events the services publish', () => {
  it('knows every event type the services publish, and no other', () => {
    expect([...KNOWN_EVENT_TYPES].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it.each(EVENT_TYPES.map((type) => [type]))('parses %s as the services publish it, never as malformed', (type) => {
    expect(parseEvent(SAMPLES[type])).not.toBeNull();
  });

  describe('on the bus', () => {
    let bus: EventBus;
    let hub: EventHub;
    let invalid: unknown[];
    let heard: unknown[];

    beforeEach(async () => {
      bus = createMemoryEventBus();
      invalid = [];
      heard = [];
      hub = new EventHub(bus, (payload) => invalid.push(payload));
      await hub.start();
      hub.listen((event) => heard.push(event));
    });

    afterEach(async () => {
      hub.close();
      await bus.close();
    });

    it('takes every published type on its channel without reporting one as invalid', async () => {
      for (const type of EVENT_TYPES) await bus.publish(EVENT_CHANNELS[type], SAMPLES[type]);
      await settle();

      expect(invalid).toEqual([]);
    });

    it('passes the streamed ones to its listeners and lets a favourite pass silently', async () => {
      await bus.publish('statuses', SAMPLES['status.favourited']);
      await bus.publish('statuses', SAMPLES['status.created']);
      await settle();

      expect(parseEvent(SAMPLES['status.favourited'])).toBe(NOT_STREAMED);
      expect(heard).toEqual([SAMPLES['status.created']]);
      expect(invalid).toEqual([]);
    });

    it('reports an unknown type once however often it comes, and a malformed known type once', async () => {
      for (let i = 0; i < 5; i += 1) await bus.publish('statuses', { type: 'status.teleported', statusId: String(i) });
      for (let i = 0; i < 5; i += 1) await bus.publish('statuses', { type: 'status.created', statusId: i });
      await bus.publish('notifications', null);
      await settle();

      expect(invalid).toEqual([{ type: 'status.teleported', statusId: '0' }, { type: 'status.created', statusId: 0 }, null]);
      expect(heard).toEqual([]);
    });
  });
});
