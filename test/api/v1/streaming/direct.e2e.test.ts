// GET /api/v1/streaming/direct (SSE): direct statuses the user wrote or is mentioned in.
// Spec 4.4, 6; mastodon.md 6.1.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';
import { expectSseError, openSse } from '../../../support/sse';

describe('GET /api/v1/streaming/direct', () => {
  let sender: TestUser;
  let recipient: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    [sender, recipient, bystander] = await Promise.all([rig.newUser('ssedsender'), rig.newUser('ssedrecipient'), rig.newUser('ssedbystander')]);
  });

  describe('with a user token', () => {
    it('sends a direct status to the mentioned account and its author, and to no one else; not public statuses', async () => {
      const [toRecipient, toSender, toBystander] = await Promise.all([
        openSse('/api/v1/streaming/direct', recipient.token),
        openSse('/api/v1/streaming/direct', sender.token),
        openSse('/api/v1/streaming/direct', bystander.token),
      ]);
      const open = await rig.post(sender.token, `@${recipient.username} in public`);
      const dm = await rig.post(sender.token, { status: `@${recipient.username} between us`, visibility: 'direct' });
      const marker = await rig.post(bystander.token, { status: 'note to self', visibility: 'direct' });

      const received = await toRecipient.next('update', (d) => d.includes(dm.id));
      await toSender.next('update', (d) => d.includes(dm.id));
      await toBystander.next('update', (d) => d.includes(marker.id));

      const rest = await api.get(`/api/v1/statuses/${dm.id}`, { token: recipient.token });
      expectJson(rest, 200);
      expect(JSON.parse(received.data)).toEqual(rest.body);
      expect(toBystander.events.items.filter((e) => e.data.includes(dm.id))).toEqual([]);
      expect(toRecipient.events.items.filter((e) => e.data.includes(open.id))).toEqual([]);
    });
  });

  describe('without a token', () => {
    it('answers 401 Missing access token', async () => {
      await expectSseError('/api/v1/streaming/direct', undefined, 401, 'Missing access token');
    });
  });
});
