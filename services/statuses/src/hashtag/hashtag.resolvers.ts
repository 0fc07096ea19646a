import { AccountFeaturedTagsResolver, HashtagResolver, ViewerHashtagsResolver } from './hashtag.resolver.js';
import type { HashtagService } from './hashtag.service.js';

/** Followed and featured hashtags (docs/api/hashtags.md). */
export function hashtagResolvers(service: HashtagService): object[] {
  return [new HashtagResolver(service), new ViewerHashtagsResolver(service), new AccountFeaturedTagsResolver(service)];
}
