import { escapeHtml, hiddenFields, html } from './html.js';
import { approvePage, errorPage, outOfBandPage, signInPage } from './pages.js';

const APP = { name: 'Evil <script>alert(1)</script>', website: 'https://x.example/?a=1&b="2"' };
const REQUEST = { client_id: 'abc', redirect_uri: 'https://x.example/cb?x=1&y=2', state: '"><script>', scope: null };

describe('authorize pages', () => {
  describe('escaping', () => {
    it('escapes the five HTML characters', () => {
      expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    });

    it('escapes interpolated strings but keeps nested fragments', () => {
      expect(html`<p>${'<b>'}${html`<i>${'&'}</i>`}</p>`.value).toBe('<p>&lt;b&gt;<i>&amp;</i></p>');
    });

    it('writes hidden fields for the values present only', () => {
      expect(hiddenFields(REQUEST).map(String)).toEqual([
        '<input type="hidden" name="client_id" value="abc">',
        '<input type="hidden" name="redirect_uri" value="https://x.example/cb?x=1&amp;y=2">',
        '<input type="hidden" name="state" value="&quot;&gt;&lt;script&gt;">',
      ]);
    });
  });

  describe.each([
    ['the sign-in page', () => signInPage({ brand: 'social.example', application: APP, request: REQUEST, formToken: 't', email: '"@x', failure: '<oops>' })],
    ['the approve page', () => approvePage({
      brand: 'social.example', application: APP, account: { username: 'alice', displayName: '<Alice>' }, scopes: ['read', 'write:statuses'],
      request: REQUEST, formToken: 't', switchAccountUrl: '/oauth/authorize?a=1&force_login=true',
    })],
    ['the code page', () => outOfBandPage({ brand: 'social.example', code: '<code>', error: null })],
    ['the error page', () => errorPage({ brand: 'social.example', error: 'x', description: '<desc>' })],
  ])('%s', (_name, render) => {
    const page = render();

    it('is a whole HTML document without any script', () => {
      expect(page).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(page).not.toMatch(/<script|onload=|onclick=|onfocus=|javascript:/i);
    });
  });

  describe('the approve page', () => {
    it('lists each scope with its description', () => {
      const page = approvePage({
        brand: 'b', application: { name: 'App', website: null }, account: { username: 'alice', displayName: '' }, scopes: ['read', 'write:statuses', 'admin:read:reports'],
        request: {}, formToken: 't', switchAccountUrl: '/x',
      });

      expect(page).toContain('<li>Read all your account&#39;s data<code>read</code></li>');
      expect(page).toContain('<li>Publish posts<code>write:statuses</code></li>');
      expect(page).toContain('<li>Read reports (administration)<code>admin:read:reports</code></li>');
    });
  });
});
