/**
 * `fields` as an instance of the GraphQL object class `type`, made once.
 *
 * type-graphql hands every field resolver (and every `@Root()` parameter
 * typed with the class) an instance of the resolver's class: a plain
 * object is copied into a new instance on each such call, while an instance
 * passes through unchanged. A status page selects about ten resolved fields
 * per status, so a hot entity built as a plain object is copied that many
 * times per request; built with this, never.
 */
export function instanceOf<T extends object>(type: abstract new () => T, fields: T): T {
  return Object.assign(Object.create(type.prototype as object) as T, fields);
}
