import { expectGolden } from '../golden.test-helper.js';
import { announcementToMastodon } from './to-mastodon.js';

const BASE = 'https://social.test';

describe('Announcement entity mapper', () => {
  describe('for an event announcement with a mention, a hashtag, a custom emoji and reactions', () => {
    it('renders golden/event.json: url and static_url only on the custom emoji reaction', () => {
      const json = announcementToMastodon({
        id: '8',
        content: `<p>Maintenance with <span class="h-card" translate="no"><a href="${BASE}/@alice" class="u-url mention">@<span>alice</span></a></span> <a href="${BASE}/tags/ops" class="mention hashtag" rel="tag">#<span>ops</span></a> :blobcat:</p>`,
        startsAt: '2026-12-01T10:00:00.000Z',
        endsAt: '2026-12-01T12:00:00.000Z',
        allDay: false,
        publishedAt: '2026-11-28T09:00:00.000Z',
        updatedAt: '2026-11-28T09:30:00.000Z',
        read: false,
        mentions: [{ id: '109876543210990001', username: 'alice', acct: 'alice', url: `${BASE}/@alice` }],
        tags: [{ name: 'ops', url: `${BASE}/tags/ops` }],
        emojis: [{ shortcode: 'blobcat', url: `${BASE}/system/custom_emojis/images/000/000/001/original/0123456789abcdef.png`, staticUrl: `${BASE}/system/custom_emojis/images/000/000/001/static/0123456789abcdef.png`, visibleInPicker: true }],
        reactions: [
          { name: '👍', count: 3, me: true, url: null, staticUrl: null },
          { name: 'blobcat', count: 1, me: false, url: `${BASE}/system/custom_emojis/images/000/000/001/original/0123456789abcdef.png`, staticUrl: `${BASE}/system/custom_emojis/images/000/000/001/static/0123456789abcdef.png` },
        ],
      });
      expectGolden(__dirname, 'event', json);
    });
  });

  describe('for a plain announcement the caller dismissed', () => {
    it('renders golden/read.json', () => {
      const json = announcementToMastodon({
        id: '9', content: '<p>Welcome!</p>', startsAt: null, endsAt: null, allDay: false,
        publishedAt: '2026-11-28T09:00:00.000Z', updatedAt: '2026-11-28T09:00:00.000Z', read: true,
        mentions: [], tags: [], emojis: [], reactions: [],
      });
      expectGolden(__dirname, 'read', json);
    });
  });
});
