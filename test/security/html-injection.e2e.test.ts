// Issue #7, security: user text never becomes markup. Hostile text in statuses, spoilers, poll
// options, media descriptions, list titles, display names and notes: the HTML fields (`content`,
// `note`) parsed with a real HTML parser hold only Mastodon's elements (p, br, a, span), no on*
// attribute, no link other than http(s), and read back as exactly the text sent; the plain-text
// fields come back verbatim (clients escape them, as Mastodon's do). The OAuth pages escape a
// hostile application name, website and redirect URI.
// docs/api/statuses.md#content-html (plain text to HTML); docs/api/oauth.md#authorize (authorize page).
import { DomUtils, parseDocument } from 'htmlparser2';
import type { JsonObject, TestUser } from '@social/testkit';
import { expectJson } from '../support/expectations';
import * as images from '../support/images';
import { uploaded } from '../support/media';
import { Browserish, authorizePath, formFields } from '../support/oauth-flow';
import { api, rig } from '../support/server';
import { DATABASE_URL, connectDatabase } from '../support/database';
import { describeIf, describeOnEmbeddedAndMulti, onEmbeddedAndMulti } from '../support/targets';

jest.setTimeout(60_000);

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click me</a>',
  'javascript:alert(document.cookie)',
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)' x='",
  'https://example.com/"onmouseover="alert(1)',
  'https://example.com/?q=<script>alert(1)</script>',
  '#tag"onclick="alert(1)',
  '@nobody"><script>alert(1)</script>',
  '</p><iframe src="javascript:alert(1)"></iframe><p>',
  '<style>*{display:none}</style><b onclick=alert(1)>bold</b>',
  '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#60;x&#62;',
];

const ALLOWED_ELEMENTS = new Set(['p', 'br', 'a', 'span']);

type Node = ReturnType<typeof parseDocument>['children'][number];

/** Everything wrong with a piece of HTML from the API: elements, attributes and links it must not have. */
function unsafeParts(html: string): string[] {
  const document = parseDocument(html);
  const problems: string[] = [];
  const elements = DomUtils.findAll(() => true, document.children as Node[]);
  for (const element of elements) {
    if (!ALLOWED_ELEMENTS.has(element.name)) problems.push(`element <${element.name}>`);
    for (const [name, value] of Object.entries(element.attribs)) {
      if (/^on/i.test(name)) problems.push(`attribute ${name} on <${element.name}>`);
      if (['href', 'src', 'action', 'formaction'].includes(name.toLowerCase()) && !/^https?:\/\//i.test(value.trim())) problems.push(`${name}="${value}"`);
    }
  }
  return problems;
}

/** The text a reader sees: line breaks for <br> and between paragraphs. */
function visibleText(html: string): string {
  const document = parseDocument(html);
  const paragraphs = DomUtils.getElementsByTagName('p', document.children as Node[]);
  const textOf = (nodes: Node[]) => nodes.map((node) => (node.type === 'tag' && (node as { name: string }).name === 'br' ? '\n' : DomUtils.textContent(node))).join('');
  return paragraphs.length > 0 ? paragraphs.map((p) => textOf(p.children as Node[])).join('\n\n') : textOf(document.children as Node[]);
}

function expectSafeHtml(html: string, text: string): void {
  expect({ html, problems: unsafeParts(html) }).toEqual({ html, problems: [] });
  expect(visibleText(html)).toBe(text);
}

let author: TestUser;

beforeAll(async () => {
  author = await rig.newUser('htmlauthor');
});

describeOnEmbeddedAndMulti('status content', () => {
  it.each(PAYLOADS.map((payload) => [payload]))('%s: content is safe HTML showing exactly the text; spoiler_text verbatim', async (payload) => {
    const posted = await rig.post(author.token, { status: payload, spoiler_text: payload });
    const read = await api.get<JsonObject>(`/api/v1/statuses/${posted.id}`, { token: author.token });
    expectJson(read, 200);
    for (const status of [posted as unknown as JsonObject, read.body]) {
      expectSafeHtml(status.content as string, payload);
      expect(status.spoiler_text).toBe(payload);
    }
  });

  it('a multi-line status of every payload: one safe document, lines kept', async () => {
    // As many as the 500-character limit takes.
    const lines: string[] = [];
    for (const payload of PAYLOADS) if ([...lines, payload].join('\n').length <= 450) lines.push(payload);
    expect(lines.length).toBeGreaterThan(5);
    const text = lines.join('\n');
    const posted = await rig.post(author.token, text);
    expectSafeHtml(posted.content as string, text);
  });

  it('poll options come back verbatim as text', async () => {
    const options = PAYLOADS.slice(0, 4).map((payload) => payload.slice(0, 50));
    const posted = (await rig.post(author.token, { status: 'poll', poll: { options, expires_in: 3600 } })) as unknown as JsonObject;
    const poll = posted.poll as { options: Array<{ title: string }> };
    expect(poll.options.map((option) => option.title)).toEqual(options);
  });

  it('a media description comes back verbatim as text, on the attachment and on the status', async () => {
    const description = PAYLOADS.slice(0, 6).join(' ');
    const media = await uploaded(api, author.token, { file: await images.png(20, 20), fields: { description } });
    expect(media.description).toBe(description);
    const posted = (await rig.post(author.token, { status: 'with media', media_ids: [String(media.id)] })) as unknown as JsonObject;
    expect((posted.media_attachments as JsonObject[])[0]?.description).toBe(description);
  });

  it('a list title comes back verbatim as text', async () => {
    const title = '<script>alert(1)</script>"><img src=x onerror=alert(1)>';
    const created = await api.postForm<JsonObject>('/api/v1/lists', { title }, { token: author.token });
    expectJson(created, 200);
    expect(created.body.title).toBe(title);
    const read = await api.get<JsonObject>(`/api/v1/lists/${created.body.id}`, { token: author.token });
    expect(read.body.title).toBe(title);
  });

  it("an application's hostile name comes back verbatim in the status's application", async () => {
    const name = '<script>alert(1)</script>';
    const user = await rig.newUser('htmlapp');
    const app = await rig.registerApp('read write', { client_name: name });
    const token = await rig.passwordToken(app, user.email, user.password, 'read write');
    const posted = (await rig.post(token, 'from a hostile app')) as unknown as JsonObject;
    expect((posted.application as JsonObject).name).toBe(name);
  });
});

// Set through update_credentials: the note rendered when saved, field values linked, the display name verbatim.
describeOnEmbeddedAndMulti('profile set through update_credentials', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('htmlprofileapi');
  });

  it.each(PAYLOADS.map((payload) => [payload]))('%s: note and field value are safe HTML showing exactly the text', async (payload) => {
    const response = await api.send<JsonObject>('PATCH', '/api/v1/accounts/update_credentials', {
      token: user.token,
      contentType: 'application/json',
      body: JSON.stringify({ note: `${payload}\n${payload}`, fields_attributes: [{ name: payload.slice(0, 255), value: payload }] }),
    });
    expectJson(response, 200);
    const read = await api.get<JsonObject>(`/api/v1/accounts/${user.account.id}`);
    for (const account of [response.body, read.body]) {
      expectSafeHtml(account.note as string, `${payload}\n${payload}`);
      const [field] = account.fields as JsonObject[];
      expectSafeHtml(`<p>${field?.value as string}</p>`, payload);
      expect(field?.name).toBe(payload);
    }
  });
});

// Written in the database as another writer might (multi's: embedded has none): rendered when read.

describeIf(Boolean(DATABASE_URL) && onEmbeddedAndMulti)('display name and note', () => {
  const sql = connectDatabase();

  it.each(PAYLOADS.map((payload) => [payload]))('%s: note is safe HTML showing exactly the text; display_name verbatim', async (payload) => {
    const user = await rig.newUser('htmlprofile');
    await sql.query('UPDATE accounts SET display_name = $1, note = $2 WHERE id = $3', [payload, `${payload}\n${payload}`, user.account.id]);
    const read = await api.get<JsonObject>(`/api/v1/accounts/${user.account.id}`);
    expectJson(read, 200);
    expect(read.body.display_name).toBe(payload);
    expectSafeHtml(read.body.note as string, `${payload}\n${payload}`);
  });
});

describeOnEmbeddedAndMulti('OAuth pages', () => {
  const hostileName = `<script>alert(1)</script>"><img src=x onerror=alert(1)>'`;
  const hostileWebsite = 'https://client.example/?a="><script>alert(1)</script>&b=\'onmouseover=\'alert(1)';
  const hostileRedirect = 'https://client.example/cb?next="><script>alert(1)</script>';

  /** A page with no script, no event handler, no javascript: link, and the hostile name shown as text. */
  function expectSafePage(page: string, shown?: string): void {
    const document = parseDocument(page);
    const problems: string[] = [];
    for (const element of DomUtils.findAll(() => true, document.children as Node[])) {
      if (['script', 'iframe', 'object', 'embed', 'svg', 'img'].includes(element.name)) problems.push(`element <${element.name}>`);
      for (const [name, value] of Object.entries(element.attribs)) {
        if (/^on/i.test(name)) problems.push(`attribute ${name} on <${element.name}>`);
        if (['href', 'src', 'action', 'formaction'].includes(name.toLowerCase()) && /^\s*(javascript|data|vbscript):/i.test(value)) problems.push(`${name}="${value}"`);
      }
    }
    expect(problems).toEqual([]);
    expect(page).not.toMatch(/<script>alert|<img src=x/);
    if (shown) expect(DomUtils.textContent(document)).toContain(shown);
  }

  it('registration refuses a javascript: website and redirect URI', async () => {
    for (const fields of [{ website: 'javascript:alert(1)' }, { redirect_uris: 'javascript:alert(1)' }]) {
      const response = await api.postForm('/api/v1/apps', { client_name: 'x', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', ...fields });
      expect(response.status).toBe(422);
    }
  });

  it('the sign-in and approve pages show a hostile name, website and redirect URI as text', async () => {
    const user = await rig.newUser('htmloauth');
    const app = await rig.registerApp('read', { client_name: hostileName, website: hostileWebsite, redirect_uris: hostileRedirect });
    const browser = new Browserish(api);
    const path = authorizePath({ app, redirectUri: hostileRedirect, scope: 'read', state: '"><script>alert(1)</script>' });
    const signInPage = await browser.get(path);
    expect(signInPage.status).toBe(200);
    expectSafePage(signInPage.text, hostileName);

    const signIn = formFields(signInPage.text, '/oauth/authorize/sign_in');
    expect(signIn.hidden.state).toBe('"><script>alert(1)</script>');
    const signedIn = await browser.postForm('/oauth/authorize/sign_in', { ...signIn.hidden, email: user.email, password: user.password });
    expect(signedIn.status).toBe(303);
    const approvePage = await browser.get(signedIn.headers.location as string);
    expect(approvePage.status).toBe(200);
    expectSafePage(approvePage.text, hostileName);
    const approve = formFields(approvePage.text, '/oauth/authorize');
    expect(approve.hidden.redirect_uri).toBe(hostileRedirect);
    const link = DomUtils.findAll((element) => element.name === 'a' && element.attribs.href?.startsWith('https://client.example/'), parseDocument(approvePage.text).children as Node[]);
    expect(link.map((element) => element.attribs.href)).toEqual([hostileWebsite]);
  });

  it('the error and out-of-band pages escape what the query says', async () => {
    const app = await rig.registerApp('read');
    const browser = new Browserish(api);
    const wrongRedirect = await browser.get(authorizePath({ app, redirectUri: hostileRedirect, scope: 'read' }));
    expect(wrongRedirect.status).toBeGreaterThanOrEqual(400);
    expectSafePage(wrongRedirect.text);
    const native = await browser.get(`/oauth/authorize/native?code=${encodeURIComponent(hostileName)}`);
    expect(native.status).toBe(200);
    expectSafePage(native.text);
    // The code sits in a <textarea> (RCDATA: a browser decodes the entities and shows the text as is).
    expect(native.text).not.toContain(hostileName);
    expect(native.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;');
    const nativeError = await browser.get(`/oauth/authorize/native?error=${encodeURIComponent(hostileName)}`);
    expectSafePage(nativeError.text);
  });
});
