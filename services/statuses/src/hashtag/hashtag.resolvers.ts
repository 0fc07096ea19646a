import type { PrismaClient } from '@social/db';
import type { StatusService } from '../status/status.service.js';
import { HashtagData } from './hashtag.data.js';
import { AccountFeaturedTagsResolver, HashtagResolver, ViewerHashtagsResolver } from './hashtag.resolver.js';
import { HashtagService } from './hashtag.service.js';

/** Followed and featured hashtags (docs/api/hashtags.md). */
export function hashtagResolvers(prisma: PrismaClient, statuses: StatusService, publicUrl: string): object[] {
  const service = new HashtagService(new HashtagData(prisma), statuses, publicUrl);
  return [new HashtagResolver(service), new ViewerHashtagsResolver(service), new AccountFeaturedTagsResolver(service)];
}
