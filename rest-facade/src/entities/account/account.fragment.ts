export const ACCOUNT_FRAGMENTS = [
  `fragment AccountFields on Account {
  id username acct displayName locked bot discoverable indexable hideCollections group createdAt note url uri
  avatar avatarStatic header headerStatic noindex suspended
  statusesCount followersCount followingCount lastStatusAt
  fields { name value verifiedAt }
  emojis { shortcode url staticUrl visibleInPicker }
}`,
];

export const CREDENTIAL_ACCOUNT_FRAGMENTS = [
  ...ACCOUNT_FRAGMENTS,
  `fragment CredentialAccountFields on Account {
  ...AccountFields
  source { privacy sensitive language note followRequestsCount fields { name value verifiedAt } }
  role { id name color permissions highlighted }
}`,
];
