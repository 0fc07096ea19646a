import { Directive, Field, ObjectType } from 'type-graphql';

/** identity's SearchResults (docs/api/search.md): this subgraph adds the statuses and hashtags of the same search. */
@ObjectType('SearchResults', { description: 'What one search found, per category; each list is empty when its category was not searched.' })
@Directive('@key(fields: "key")')
export class SearchResults {
  @Field(() => String, { description: 'The search, as the subgraphs pass it to each other. Internal.' })
  @Directive('@inaccessible')
  key!: string;
}
