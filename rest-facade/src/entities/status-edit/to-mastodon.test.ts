import { testAccount } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import type { StatusEditFieldsFragment } from '../../gql/operations.js';
import { statusEditToMastodon } from './to-mastodon.js';

const BASE = 'https://social.test';
const alice = testAccount('alice', '109876543210987654');

const image = {
  id: '115012345678901234',
  type: 'IMAGE',
  url: `${BASE}/system/media_attachments/files/115/012/345/678/901/234/original/4f1c2d.png`,
  previewUrl: `${BASE}/system/media_attachments/files/115/012/345/678/901/234/small/4f1c2d.png`,
  remoteUrl: null,
  textUrl: `${BASE}/media/yZ6mN1t2Qp8xLw0rVb7KcA`,
  description: 'The description it has now',
  blurhash: 'UFGuU~xu4nt7~qRjD%xu?bWBIUof%MWBxuRj',
  meta: { focus: { x: 0.5, y: -0.25 }, original: null, small: { width: 640, height: 360, size: '640x360', aspect: 1.7777777777777777 } },
};

/** The original version of a status with a poll, before its first edit. */
const original: StatusEditFieldsFragment = {
  createdAt: '2026-08-08T11:34:47.196Z',
  content: '<p>Tea or coffee?</p>',
  spoilerText: '',
  sensitive: false,
  account: alice,
  poll: { options: [{ title: 'Tea' }, { title: 'Coffee' }] },
  mediaAttachments: [],
  emojis: [],
};

describe('statusEditToMastodon', () => {
  it('maps a version with a poll to its answers only', () => {
    expectGolden(__dirname, 'with-poll', statusEditToMastodon(original));
  });

  it('shows each attachment with the description it had in that version, leaving out one whose file is gone, and no poll key without a poll', () => {
    const edit: StatusEditFieldsFragment = {
      ...original,
      createdAt: '2026-08-08T12:00:00.000Z',
      content: '<p>A picture instead</p>',
      spoilerText: 'food',
      sensitive: true,
      poll: null,
      mediaAttachments: [
        { description: 'The description it had then', attachment: image },
        { description: null, attachment: null },
      ],
    };
    expectGolden(__dirname, 'with-media', statusEditToMastodon(edit));
  });
});
