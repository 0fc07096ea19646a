// Mastodon's REST::ListSerializer.
export interface GqlList {
  id: string;
  title: string;
  repliesPolicy: string;
  exclusive: boolean;
}

export function listToMastodon(list: GqlList): Record<string, unknown> {
  return { id: list.id, title: list.title, replies_policy: list.repliesPolicy.toLowerCase(), exclusive: list.exclusive };
}
