import { expectGolden } from '../golden.test-helper.js';
import { trendsLinkToMastodon } from './to-mastodon.js';

describe('trendsLinkToMastodon', () => {
  it("maps a trending link: the card's fields, then its history as strings (golden)", () => {
    expectGolden(
      __dirname,
      'link',
      trendsLinkToMastodon({
        card: {
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
          imageDescription: '',
          embedUrl: '',
          blurhash: null,
          language: 'en',
          publishedAt: null,
        },
        history: [
          { day: '2026-11-25T00:00:00.000Z', uses: 3, accounts: 2 },
          { day: '2026-11-24T00:00:00.000Z', uses: 0, accounts: 0 },
        ],
      }),
    );
  });
});
