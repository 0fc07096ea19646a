import type { PreviewCardFieldsFragment } from '../../gql/operations.js';
import { expectGolden } from '../golden.test-helper.js';
import { previewCardToMastodon } from './to-mastodon.js';

const link: PreviewCardFieldsFragment = {
  url: 'https://news.example/articles/rabbits',
  title: 'Rabbits, explained',
  description: 'Everything about rabbit holes.',
  type: 'link',
  authorName: '',
  authorUrl: '',
  providerName: 'Example News',
  providerUrl: '',
  html: '',
  width: 1200,
  height: 630,
  image: 'https://news.example/rabbit.png',
  imageDescription: 'A white rabbit',
  embedUrl: '',
  blurhash: null,
  language: 'en',
  publishedAt: '2026-11-20T09:30:00.000Z',
};

describe('previewCardToMastodon', () => {
  it('maps a link card', () => {
    expectGolden(__dirname, 'link', previewCardToMastodon(link));
  });

  it('maps a video card with its player and author', () => {
    expectGolden(
      __dirname,
      'video',
      previewCardToMastodon({
        ...link,
        type: 'video',
        authorName: 'Alice',
        html: '<iframe src="https://video.example/embed/1" width="640" height="360" frameborder="0" allowfullscreen="true"></iframe>',
        embedUrl: 'https://video.example/embed/1',
        width: 640,
        height: 360,
        image: null,
        imageDescription: '',
        language: null,
        publishedAt: null,
      }),
    );
  });
});
