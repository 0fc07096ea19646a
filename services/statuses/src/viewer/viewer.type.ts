import { ObjectType } from 'type-graphql';

@ObjectType('Viewer', {
  description:
    "The signed-in user's own view: what only they see (home timeline, notifications, bookmarks, favourites, conversations, scheduled statuses, lists). Its fields take the scopes the REST routes doing the same take.",
})
export class Viewer {
  /** The signed-in account; `account` exposes it. */
  accountId!: string;
}
