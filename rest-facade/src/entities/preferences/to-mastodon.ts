// Mastodon's REST::PreferencesSerializer: colon-separated keys.
import type { GetPreferencesQuery } from '../../gql/operations.js';

type GqlPreferences = GetPreferencesQuery['preferences'];

export function preferencesToMastodon(preferences: GqlPreferences): Record<string, unknown> {
  return {
    'posting:default:visibility': preferences.postingDefaultVisibility,
    'posting:default:sensitive': preferences.postingDefaultSensitive,
    'posting:default:language': preferences.postingDefaultLanguage,
    'reading:expand:media': preferences.readingExpandMedia,
    'reading:expand:spoilers': preferences.readingExpandSpoilers,
  };
}
