import 'reflect-metadata';
import { ArgsType, Field, Int } from 'type-graphql';
import { AppError } from '@social/errors';

/** At most a year of weekly figures; Mastodon's activity answers 12 weeks. */
const MAX_WEEKS = 52;

/** The `weeks` argument of the weekly figures each subgraph adds to Instance (docs/api/instance.md#activity). */
@ArgsType()
export class WeeksArgs {
  @Field(() => Int, { defaultValue: 12, description: 'How many weeks, 1 to 52, the current week first.' })
  weeks!: number;
}

export function weeksOf(args: WeeksArgs): number {
  if (!Number.isInteger(args.weeks) || args.weeks < 1 || args.weeks > MAX_WEEKS) throw AppError.validation([`weeks must be between 1 and ${MAX_WEEKS}`]);
  return args.weeks;
}
