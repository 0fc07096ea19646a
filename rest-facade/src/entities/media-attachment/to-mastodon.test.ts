import type { MediaAttachmentFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { mediaAttachmentToMastodon } from './to-mastodon.js';

/** A processed image as the gateway returns it (MediaAttachmentFields). */
const image: MediaAttachmentFieldsFragment = {
  id: '115012345678901234',
  type: 'IMAGE',
  url: 'https://social.test/system/media_attachments/files/115/012/345/678/901/234/original/4f1c2d.png',
  previewUrl: 'https://social.test/system/media_attachments/files/115/012/345/678/901/234/small/4f1c2d.png',
  remoteUrl: null,
  textUrl: 'https://social.test/media/yZ6mN1t2Qp8xLw0rVb7KcA',
  description: 'A white rabbit checking a pocket watch',
  blurhash: 'UFGuU~xu4nt7~qRjD%xu?bWBIUof%MWBxuRj',
  meta: {
    focus: { x: -0.42, y: 0.69 },
    original: { width: 1920, height: 1080, size: '1920x1080', aspect: 1.7777777777777777 },
    small: { width: 640, height: 360, size: '640x360', aspect: 1.7777777777777777 },
  },
};

/** A file the server could not read. */
const unknown: MediaAttachmentFieldsFragment = {
  id: '115012345678901299',
  type: 'UNKNOWN',
  url: 'https://social.test/system/media_attachments/files/115/012/345/678/901/299/original/notes.bin',
  previewUrl: null,
  remoteUrl: null,
  textUrl: 'https://social.test/media/Hq3-Uo9_eJt4RzWm1xYc2g',
  description: null,
  blurhash: null,
  meta: { focus: null, original: null, small: null },
};

describe('MediaAttachment entity mapper', () => {
  describe('for a processed image', () => {
    it('renders golden/image.json', () => {
      expectGolden(__dirname, 'image', mediaAttachmentToMastodon(image));
    });

    it('lowercases the type', () => {
      expect(mediaAttachmentToMastodon(image).type).toBe('image');
    });

    it('keeps the focal point the client set', () => {
      expect(mediaAttachmentToMastodon(image).meta.focus).toEqual({ x: -0.42, y: 0.69 });
    });
  });

  describe('for a file of unknown type', () => {
    it('renders golden/unknown.json', () => {
      expectGolden(__dirname, 'unknown', mediaAttachmentToMastodon(unknown));
    });

    it('gives meta with the centre focus only', () => {
      expect(mediaAttachmentToMastodon(unknown).meta).toEqual({ focus: { x: 0, y: 0 } });
    });

    it('sends description and blurhash as null, not absent', () => {
      const json = mediaAttachmentToMastodon(unknown);
      expect(json).toHaveProperty('description', null);
      expect(json).toHaveProperty('blurhash', null);
    });
  });

  describe('for an upload still processing', () => {
    it('sends url null', () => {
      expect(mediaAttachmentToMastodon({ ...image, type: 'VIDEO', url: null }).url).toBeNull();
    });

    it('renders golden/processing.json: the v2 answer, with the preview and no original yet', () => {
      expectGolden(__dirname, 'processing', mediaAttachmentToMastodon({ ...image, url: null, meta: { ...image.meta, original: null } }));
    });
  });
});
