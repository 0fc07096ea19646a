/** The one hashtag selection: Mastodon's Tag entity. */
export const TAG_FRAGMENTS = [`fragment TagFields on StatusTag { id name displayName url history { day uses accounts } following featuring }`];
