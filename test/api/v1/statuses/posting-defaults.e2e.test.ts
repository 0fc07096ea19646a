// POST /api/v1/statuses without visibility, sensitive or language: the author's posting defaults
// (source[privacy], [sensitive], [language] of update_credentials) fill them in, and a changed default
// applies to the very next post of the same token. docs/api/statuses.md#posting-defaults.
import type { JsonObject, MastodonStatus, TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

const updateSource = (token: string, source: Record<string, unknown>) =>
  api.send<JsonObject>('PATCH', '/api/v1/accounts/update_credentials', { token, contentType: 'application/json', body: JSON.stringify({ source }) });

async function post(token: string, fields: Record<string, unknown> = {}): Promise<MastodonStatus> {
  const response = await api.postJson<MastodonStatus>('/api/v1/statuses', { status: 'Defaults?', ...fields }, { token });
  expectJson(response, 200);
  return response.body;
}

describe('POST /api/v1/statuses with the posting defaults', () => {
  let user: TestUser;
  /** The instance's language, which a post without its own or a default language gets. */
  let instanceLanguage: string | null;

  beforeAll(async () => {
    user = await rig.newUser('defaults');
  });

  it("posts public and not sensitive, in the instance's language, before any default is set", async () => {
    const status = await post(user.token);

    expect(status).toMatchObject({ visibility: 'public', sensitive: false });
    instanceLanguage = status.language as string | null;
  });

  it('takes a changed default on the next post of the same token, and again after a second change', async () => {
    // The token's principal is in use (and cached) before the change.
    await post(user.token);

    expectJson(await updateSource(user.token, { privacy: 'private', sensitive: true, language: 'de' }), 200);
    expect(await post(user.token)).toMatchObject({ visibility: 'private', sensitive: true, language: 'de' });

    expectJson(await updateSource(user.token, { privacy: 'unlisted', sensitive: false, language: '' }), 200);
    expect(await post(user.token)).toMatchObject({ visibility: 'unlisted', sensitive: false, language: instanceLanguage });
  });

  it("lets the request's own values win over the defaults", async () => {
    expectJson(await updateSource(user.token, { privacy: 'private', sensitive: true, language: 'fr' }), 200);

    expect(await post(user.token, { visibility: 'public', sensitive: false, language: 'en' })).toMatchObject({ visibility: 'public', sensitive: false, language: 'en' });
  });

  it("applies one user's change to that user only", async () => {
    const other = await rig.newUser('otherdefaults');
    await post(other.token);

    expectJson(await updateSource(user.token, { privacy: 'unlisted' }), 200);

    expect(await post(other.token)).toMatchObject({ visibility: 'public' });
    expect(await post(user.token)).toMatchObject({ visibility: 'unlisted' });
  });
});
