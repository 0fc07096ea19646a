/** What each scope lets an application do, as the approve page lists it. */
const DESCRIPTIONS: Record<string, string> = {
  read: 'Read all your account\'s data',
  profile: 'Read only your account\'s basic information',
  write: 'Modify all your account\'s data',
  follow: 'Modify account relationships',
  push: 'Receive your push notifications',
  'read:accounts': 'See accounts information',
  'read:blocks': 'See your blocks',
  'read:bookmarks': 'See your bookmarks',
  'read:collections': 'See your collections',
  'read:favourites': 'See your favourites',
  'read:filters': 'See your filters',
  'read:follows': 'See your follows',
  'read:lists': 'See your lists',
  'read:mutes': 'See your mutes',
  'read:notifications': 'See your notifications',
  'read:search': 'Search on your behalf',
  'read:statuses': 'See all posts',
  'write:accounts': 'Modify your profile',
  'write:blocks': 'Block accounts and domains',
  'write:bookmarks': 'Bookmark posts',
  'write:collections': 'Modify your collections',
  'write:conversations': 'Mute and delete conversations',
  'write:favourites': 'Favourite posts',
  'write:filters': 'Create filters',
  'write:follows': 'Follow people',
  'write:lists': 'Create lists',
  'write:media': 'Upload media files',
  'write:mutes': 'Mute people and conversations',
  'write:notifications': 'Clear your notifications',
  'write:reports': 'Report other people',
  'write:statuses': 'Publish posts',
  'admin:read': 'Read all data on the server (administration)',
  'admin:write': 'Perform moderation actions on the server (administration)',
};

export function describeScope(scope: string): string {
  if (DESCRIPTIONS[scope]) return DESCRIPTIONS[scope];
  if (scope.startsWith('admin:read:')) return `Read ${scope.slice('admin:read:'.length).replace(/_/g, ' ')} (administration)`;
  if (scope.startsWith('admin:write:')) return `Moderate ${scope.slice('admin:write:'.length).replace(/_/g, ' ')} (administration)`;
  return scope;
}
