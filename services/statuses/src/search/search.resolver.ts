import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { decodeSearchKey } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { Status, StatusTag } from '../status/status.type.js';
import { SearchResults } from './search.type.js';
import type { SearchService } from './search.service.js';

/** The statuses and hashtags of a search identity started; the key carries the request (docs/api/search.md). */
@Resolver(() => SearchResults)
export class SearchResolver {
  constructor(private readonly search: SearchService) {}

  @FieldResolver(() => [Status], {
    description:
      'Statuses, newest first: the caller\'s own, those they favourited, boosted, bookmarked, replied to or were mentioned in, ' +
      'and public ones of authors who let search index them; as visibility, blocks and mutes allow. Empty without a user.',
  })
  statuses(@Root() results: SearchResults, @Ctx() ctx: StatusesContext): Promise<Status[]> {
    const request = decodeSearchKey(results.key);
    return request ? this.search.statuses(request, ctx) : Promise.resolve([]);
  }

  @FieldResolver(() => [StatusTag], { description: 'Hashtags starting with the query (a leading # is optional): the exact name first, then the shortest.' })
  hashtags(@Root() results: SearchResults, @Ctx() ctx: StatusesContext): Promise<StatusTag[]> {
    const request = decodeSearchKey(results.key);
    return request ? this.search.hashtags(request, ctx) : Promise.resolve([]);
  }
}
