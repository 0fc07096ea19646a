import { TEST_LINK_CARD } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import { previewCardToMastodon } from './to-mastodon.js';

const link = TEST_LINK_CARD;

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
