import { parsePageDetails } from './card-parse';

const PAGE = 'https://news.example/articles/1';

describe('parsePageDetails', () => {
  it('reads OpenGraph first', () => {
    const html = `<!doctype html><html lang="en-GB"><head><title>HTML title</title>
      <meta property="og:title" content="OG &amp; title"><meta property="og:description" content=" Down the   hole ">
      <meta property="og:image" content="/img/rabbit.png"><meta property="og:image:alt" content="A rabbit">
      <meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
      <meta property="og:site_name" content="Example News"><meta property="og:url" content="https://news.example/canonical">
      <meta name="author" content="Alice"><meta property="article:published_time" content="2026-11-20T09:30:00Z">
      <meta name="twitter:title" content="Twitter title"></head><body></body></html>`;
    expect(parsePageDetails(html, PAGE)).toEqual({
      url: 'https://news.example/canonical',
      title: 'OG & title',
      description: 'Down the hole',
      type: 'link',
      authorName: 'Alice',
      authorUrl: '',
      providerName: 'Example News',
      providerUrl: '',
      html: '',
      width: 1200,
      height: 630,
      imageUrl: 'https://news.example/img/rabbit.png',
      imageDescription: 'A rabbit',
      embedUrl: '',
      language: 'en',
      publishedAt: new Date('2026-11-20T09:30:00Z'),
    });
  });

  it('falls back to Twitter tags, then to HTML title and description', () => {
    expect(parsePageDetails('<meta name="twitter:title" content="T"><meta name="twitter:description" content="D">', PAGE)).toMatchObject({ title: 'T', description: 'D' });
    expect(parsePageDetails('<title> Plain\n title </title><meta name="description" content="About">', PAGE)).toMatchObject({ title: 'Plain title', description: 'About', url: PAGE });
  });

  it('makes a video card from a Twitter player', () => {
    const html = '<title>Clip</title><meta name="twitter:player" content="https://video.example/embed/1"><meta name="twitter:player:width" content="640"><meta name="twitter:player:height" content="360">';
    expect(parsePageDetails(html, PAGE)).toMatchObject({
      type: 'video',
      embedUrl: 'https://video.example/embed/1',
      width: 640,
      height: 360,
      html: '<iframe src="https://video.example/embed/1" width="640" height="360" frameborder="0" allowfullscreen="true"></iframe>',
    });
  });

  it('ignores a canonical URL on another host and images that are not http(s)', () => {
    const html = '<title>x</title><meta property="og:url" content="https://elsewhere.example/"><meta property="og:image" content="javascript:alert(1)">';
    expect(parsePageDetails(html, PAGE)).toMatchObject({ url: PAGE, imageUrl: null });
  });

  it('is null for a page without a title', () => {
    expect(parsePageDetails('<p>no head</p>', PAGE)).toBeNull();
  });
});
