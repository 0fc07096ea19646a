// The Mastodon entities the fixtures return, as far as tests read them.

export interface MastodonApplication {
  id: string;
  name: string;
  website: string | null;
  scopes: string[];
  redirect_uris: string[];
  redirect_uri: string;
  vapid_key: string;
  [key: string]: unknown;
}

/** POST /api/v1/apps: the application with its client credentials. */
export interface CredentialApplication extends MastodonApplication {
  client_id: string;
  client_secret: string;
  client_secret_expires_at: number;
}

export interface MastodonToken {
  access_token: string;
  token_type: string;
  scope: string;
  created_at: number;
  [key: string]: unknown;
}

export interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  created_at: string;
  statuses_count: number;
  last_status_at: string | null;
  [key: string]: unknown;
}

export interface MastodonStatus {
  id: string;
  created_at: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  sensitive: boolean;
  spoiler_text: string;
  visibility: string;
  language: string | null;
  replies_count: number;
  content?: string;
  text?: string;
  account: MastodonAccount;
  [key: string]: unknown;
}

/** A Mastodon error body: `{"error": "..."}`, with OAuth's description or sign-up's details where they apply. */
export interface MastodonError {
  error: string;
  error_description?: string;
  details?: Record<string, Array<{ error: string; description: string }>>;
}
