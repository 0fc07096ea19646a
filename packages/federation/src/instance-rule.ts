import { Directive, Field, ID, ObjectType } from 'type-graphql';

/**
 * One of the server's rules (INSTANCE_RULES, numbered from 1). Shared: identity lists them on the instance,
 * statuses names those a report cites (docs/api/moderation.md#reports).
 */
@Directive('@shareable')
@ObjectType({ description: "One of this server's rules (INSTANCE_RULES), shown at sign-up and when reporting." })
export class InstanceRule {
  @Field(() => ID, { description: 'Its position, from 1.' })
  id!: string;

  @Field(() => String, { description: 'The rule.' })
  text!: string;

  @Field(() => String, { description: 'More about it; empty when none is given.' })
  hint!: string;
}

/** The server's rules as clients see them: numbered from 1, no hints. */
export function instanceRules(texts: readonly string[]): InstanceRule[] {
  return texts.map((text, i) => ({ id: String(i + 1), text, hint: '' }));
}
