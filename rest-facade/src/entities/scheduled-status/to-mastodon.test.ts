import type { ScheduledStatusFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { scheduledStatusToMastodon } from './to-mastodon.js';

const base: ScheduledStatusFieldsFragment = {
  id: '12',
  scheduledAt: '2026-11-22T10:00:00.000Z',
  params: {
    text: 'Good morning',
    poll: null,
    mediaIds: null,
    sensitive: null,
    spoilerText: null,
    visibility: null,
    language: null,
    inReplyToId: null,
    applicationId: '3',
    idempotency: null,
    withRateLimit: false,
  },
  mediaAttachments: [],
};

describe('scheduledStatusToMastodon', () => {
  it('maps a text-only scheduled status, null where nothing was sent', () => {
    expectGolden(__dirname, 'text', scheduledStatusToMastodon(base));
  });

  it('maps a reply with a poll', () => {
    expectGolden(
      __dirname,
      'reply-with-poll',
      scheduledStatusToMastodon({
        ...base,
        params: {
          ...base.params,
          poll: { options: ['Tea', 'Coffee'], expiresIn: 3600, multiple: false, hideTotals: null },
          sensitive: true,
          spoilerText: 'drinks',
          visibility: 'UNLISTED',
          language: 'en',
          inReplyToId: '115600000000000001',
        },
      }),
    );
  });
});
