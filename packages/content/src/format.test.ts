import { plainTextToHtml, type MentionedAccount } from './format.js';

const alice: MentionedAccount = { username: 'Alice', domain: null, url: 'https://x.test/@Alice' };
const mention = (username: string, url: string) =>
  `<span class="h-card" translate="no"><a href="${url}" class="u-url mention">@<span>${username}</span></a></span>`;

describe('plainTextToHtml', () => {
  it('escapes HTML and splits paragraphs and lines as simple_format does', () => {
    expect(plainTextToHtml('a\nb\n\nc <script>"x"\'')).toBe('<p>a<br />b</p><p>c &lt;script&gt;&quot;x&quot;&#39;</p>');
  });

  it('renders an empty text as an empty string', () => {
    expect(plainTextToHtml('  ')).toBe('');
  });

  it('renders a long URL with the protocol hidden and an ellipsis after 30 characters', () => {
    expect(plainTextToHtml('see https://www.example.com/a/very/long/path/that/goes/on')).toBe(
      '<p>see <a href="https://www.example.com/a/very/long/path/that/goes/on" target="_blank" rel="nofollow noopener" translate="no">' +
        '<span class="invisible">https://www.</span><span class="ellipsis">example.com/a/very/long/path/t</span>' +
        '<span class="invisible">hat/goes/on</span></a></p>',
    );
  });

  it('links hashtags and the mentioned accounts only, leaving other mentions as text', () => {
    const html = plainTextToHtml('hi @alice and @nobody #Fedi', { baseUrl: 'https://x.test', mentions: [alice] });
    expect(html).toBe(
      `<p>hi ${mention('Alice', 'https://x.test/@Alice')}` +
        ' and @nobody <a href="https://x.test/tags/fedi" class="mention hashtag" rel="tag">#<span>Fedi</span></a></p>',
    );
  });

  it("shows the account's stored username whatever case the text used", () => {
    expect(plainTextToHtml('@ALICE!', { mentions: [alice] })).toBe(`<p>${mention('Alice', 'https://x.test/@Alice')}!</p>`);
  });

  it('links @user@<local domain> as the local account', () => {
    expect(plainTextToHtml('@alice@X.test', { mentions: [alice], localDomain: 'x.test' })).toBe(`<p>${mention('Alice', 'https://x.test/@Alice')}</p>`);
  });

  it('keeps @user@other.domain as text when only the local user is mentioned', () => {
    expect(plainTextToHtml('@alice@elsewhere.example', { mentions: [alice], localDomain: 'x.test' })).toBe('<p>@alice@elsewhere.example</p>');
  });

  it('shows user@domain for a remote account whose username a local account shares', () => {
    const remote = { username: 'alice', domain: 'far.example', url: 'https://far.example/@alice' };
    expect(plainTextToHtml('@alice@far.example @alice', { mentions: [alice, remote], localDomain: 'x.test' })).toBe(
      `<p>${mention('alice@far.example', 'https://far.example/@alice')} ${mention('Alice', 'https://x.test/@Alice')}</p>`,
    );
  });

  it('does not link a mention inside a URL', () => {
    expect(plainTextToHtml('https://x.test/@alice', { mentions: [alice] })).not.toContain('h-card');
  });

  it('escapes the text around links', () => {
    expect(plainTextToHtml('<b>@alice</b>', { mentions: [alice] })).toBe(`<p>&lt;b&gt;${mention('Alice', 'https://x.test/@Alice')}&lt;/b&gt;</p>`);
  });
});
