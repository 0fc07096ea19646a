import { cardLinkOf } from './card-link';

const PUBLIC_URL = 'https://social.test';

describe('cardLinkOf', () => {
  it('takes the first http(s) link', () => {
    expect(cardLinkOf('see https://a.example/x and http://b.example/', PUBLIC_URL)).toBe('https://a.example/x');
  });

  it('skips links of other schemes', () => {
    expect(cardLinkOf('gemini://g.example/ then https://web.example/page', PUBLIC_URL)).toBe('https://web.example/page');
  });

  it('is null for mentions and hashtags, which are no links', () => {
    expect(cardLinkOf('hi @alice@remote.example and #rabbits', PUBLIC_URL)).toBeNull();
  });

  it("skips links to this server's profiles and tag pages, which stand for mentions and hashtags", () => {
    expect(cardLinkOf('https://social.test/@alice https://social.test/tags/rabbits https://news.example/', PUBLIC_URL)).toBe('https://news.example/');
  });

  it('is null without a link', () => {
    expect(cardLinkOf('plain words', PUBLIC_URL)).toBeNull();
  });
});
