// Mastodon's REST::PreferencesSerializer: colon-separated keys.
export const PREFERENCES_FIELDS = 'postingDefaultVisibility postingDefaultSensitive postingDefaultLanguage readingExpandMedia readingExpandSpoilers';

export interface GqlPreferences {
  postingDefaultVisibility: string;
  postingDefaultSensitive: boolean;
  postingDefaultLanguage: string | null;
  readingExpandMedia: string;
  readingExpandSpoilers: boolean;
}

export function preferencesToMastodon(preferences: GqlPreferences): Record<string, unknown> {
  return {
    'posting:default:visibility': preferences.postingDefaultVisibility,
    'posting:default:sensitive': preferences.postingDefaultSensitive,
    'posting:default:language': preferences.postingDefaultLanguage,
    'reading:expand:media': preferences.readingExpandMedia,
    'reading:expand:spoilers': preferences.readingExpandSpoilers,
  };
}
