import { Directive, Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Limits on statuses.' })
export class StatusLimits {
  @Field(() => Int, { description: 'Longest status text, in characters as Mastodon counts them.' })
  maxCharacters!: number;

  @Field(() => Int, { description: 'Most media attachments per status.' })
  maxMediaAttachments!: number;

  @Field(() => Int, { description: 'Every URL counts as this many characters.' })
  charactersReservedPerUrl!: number;
}

@ObjectType({ description: 'Limits on polls.' })
export class PollLimits {
  @Field(() => Int, { description: 'Most options per poll.' })
  maxOptions!: number;

  @Field(() => Int, { description: 'Longest option, in characters.' })
  maxCharactersPerOption!: number;

  @Field(() => Int, { description: 'Shortest poll duration, in seconds.' })
  minExpiration!: number;

  @Field(() => Int, { description: 'Longest poll duration, in seconds.' })
  maxExpiration!: number;
}

@ObjectType('Instance')
@Directive('@key(fields: "domain")')
export class Instance {
  @Field(() => String, { description: "This server's domain." })
  domain!: string;

  @Field(() => Int, { description: 'Local statuses.' })
  statusCount!: number;

  @Field(() => StatusLimits, { description: 'Limits on statuses.' })
  statusLimits!: StatusLimits;

  @Field(() => PollLimits, { description: 'Limits on polls.' })
  pollLimits!: PollLimits;
}
