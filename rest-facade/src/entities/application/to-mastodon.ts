// Mastodon's REST::ApplicationSerializer and CredentialApplicationSerializer.
export interface GqlApplication {
  id: string; name: string; website: string | null; scopes: string[]; redirectUris: string[]; vapidKey: string;
}

export function applicationToMastodon(app: GqlApplication) {
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
export function credentialApplicationToMastodon(app: GqlApplication, clientId: string, clientSecret: string) {
  return { ...applicationToMastodon(app), client_id: clientId, client_secret: clientSecret, client_secret_expires_at: 0 };
}
