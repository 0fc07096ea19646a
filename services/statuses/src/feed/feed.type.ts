import { registerEnumType } from 'type-graphql';

/** The feeds a new status can land in, as streaming asks about them. */
export enum Feed {
  HOME = 'home',
  PUBLIC = 'public',
  HASHTAG = 'hashtag',
  LIST = 'list',
  DIRECT = 'direct',
}

registerEnumType(Feed, {
  name: 'Feed',
  description: 'A timeline a status can belong to.',
  valuesConfig: {
    HOME: { description: "The caller's home timeline." },
    PUBLIC: { description: 'The public timeline (local: only this server).' },
    HASHTAG: { description: 'Public statuses with a hashtag (tag).' },
    LIST: { description: "One of the caller's lists (listId)." },
    DIRECT: { description: 'Direct statuses the caller wrote or is mentioned in.' },
  },
});
