// Mastodon's REST::ApplicationSerializer and CredentialApplicationSerializer.
import type { ApplicationFieldsFragment } from '../../gql/operations.js';

/** The old name, for code merged from before the generated types. @deprecated Use ApplicationFieldsFragment. @public */
export type GqlApplication = ApplicationFieldsFragment;
export function applicationToMastodon(app: ApplicationFieldsFragment) {
  return {
    id: app.id,
    name: app.name,
    website: app.website,
    scopes: app.scopes,
    redirect_uris: app.redirectUris,
    vapid_key: app.vapidKey,
    redirect_uri: app.redirectUris.join('\n'),
  };
}

/** The registration response: the only time the client credentials are shown. */
export function credentialApplicationToMastodon(app: ApplicationFieldsFragment, clientId: string, clientSecret: string) {
  return { ...applicationToMastodon(app), client_id: clientId, client_secret: clientSecret, client_secret_expires_at: 0 };
}
