// Mastodon's REST::InstanceSerializer (v2), REST::V1::InstanceSerializer and NodeInfo 2.0.
import type { InstanceFieldsFragment } from '../../gql/operations.js';

/** The old name, for code merged from before the generated types. @deprecated Use InstanceFieldsFragment. @public */
export type GqlInstance = InstanceFieldsFragment;

/** Mastodon's REST::RuleSerializer. */
export function ruleToMastodon(rule: { id: string; text: string; hint: string }) {
  return { id: rule.id, text: rule.text, hint: rule.hint };
}

/** GET /api/v1/instance/activity: one row per week, the current first; Mastodon sends every figure as a string. */
export function activityToMastodon(i: { weekStarts: string[]; weeklyStatuses: number[]; weeklyLogins: number[]; weeklySignUps: number[] }) {
  return i.weekStarts.map((start, n) => ({
    week: String(Math.floor(Date.parse(start) / 1000)),
    statuses: String(i.weeklyStatuses[n] ?? 0),
    logins: String(i.weeklyLogins[n] ?? 0),
    registrations: String(i.weeklySignUps[n] ?? 0),
  }));
}

function statusesConfiguration(i: InstanceFieldsFragment) {
  return {
    max_characters: i.statusLimits.maxCharacters,
    max_media_attachments: i.statusLimits.maxMediaAttachments,
    characters_reserved_per_url: i.statusLimits.charactersReservedPerUrl,
  };
}

function mediaConfiguration(i: InstanceFieldsFragment) {
  return {
    supported_mime_types: i.mediaLimits.supportedMimeTypes,
    description_limit: i.mediaLimits.descriptionLimit,
    image_size_limit: i.mediaLimits.imageSizeLimit,
    image_matrix_limit: i.mediaLimits.imageMatrixLimit,
    video_size_limit: i.mediaLimits.videoSizeLimit,
    video_frame_rate_limit: 120,
    video_matrix_limit: 8_294_400,
  };
}

function pollsConfiguration(i: InstanceFieldsFragment) {
  return {
    max_options: i.pollLimits.maxOptions,
    max_characters_per_option: i.pollLimits.maxCharactersPerOption,
    min_expiration: i.pollLimits.minExpiration,
    max_expiration: i.pollLimits.maxExpiration,
  };
}

export function instanceV2ToMastodon(i: InstanceFieldsFragment, publicUrl: string) {
  return {
    domain: i.domain,
    title: i.title,
    version: i.version,
    source_url: i.sourceUrl,
    description: i.description,
    usage: { users: { active_month: i.userCount } },
    thumbnail: { url: `${publicUrl}/packs/media/images/preview.png` },
    icon: [],
    languages: i.languages,
    configuration: {
      urls: { streaming: i.streamingUrl, status: null, about: `${publicUrl}/about`, privacy_policy: null, terms_of_service: null },
      vapid: { public_key: i.vapidKey },
      // The limits update_credentials enforces (docs/api/accounts.md#profile-editing).
      accounts: { max_featured_tags: 10, max_pinned_statuses: 5, max_display_name_length: 30, max_note_length: 500, max_profile_fields: 4, profile_field_name_limit: 255, profile_field_value_limit: 255 },
      statuses: statusesConfiguration(i),
      media_attachments: mediaConfiguration(i),
      polls: pollsConfiguration(i),
      translation: { enabled: false },
      limited_federation: false,
    },
    registrations: { enabled: i.registrationsEnabled, approval_required: i.approvalRequired, reason_required: false, message: null, min_age: null, url: null },
    api_versions: { mastodon: Number(i.apiVersion) },
    contact: { email: i.contactEmail, account: null },
    rules: i.rules.map(ruleToMastodon),
  };
}

export function instanceV1ToMastodon(i: InstanceFieldsFragment, publicUrl: string) {
  return {
    uri: i.domain,
    title: i.title,
    short_description: i.description,
    description: i.description,
    email: i.contactEmail,
    version: i.version,
    urls: { streaming_api: i.streamingUrl },
    stats: { user_count: i.userCount, status_count: i.statusCount, domain_count: 0 },
    thumbnail: `${publicUrl}/packs/media/images/preview.png`,
    languages: i.languages,
    registrations: i.registrationsEnabled,
    approval_required: i.approvalRequired,
    invites_enabled: false,
    configuration: {
      accounts: { max_featured_tags: 10 },
      statuses: statusesConfiguration(i),
      media_attachments: mediaConfiguration(i),
      polls: pollsConfiguration(i),
    },
    contact_account: null,
    rules: i.rules.map(ruleToMastodon),
  };
}

export function nodeInfoToMastodon(i: InstanceFieldsFragment) {
  return {
    version: '2.0',
    software: { name: 'mastodon', version: i.version },
    protocols: ['activitypub'],
    services: { outbound: [], inbound: [] },
    usage: { users: { total: i.userCount, activeMonth: i.userCount, activeHalfyear: i.userCount }, localPosts: i.statusCount },
    openRegistrations: i.registrationsEnabled,
    metadata: { nodeName: i.title, nodeDescription: i.description, upstream: { name: 'mastodon' }, software: { name: i.softwareName, version: i.softwareVersion } },
  };
}
