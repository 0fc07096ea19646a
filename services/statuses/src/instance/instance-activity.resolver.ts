import { Args, FieldResolver, Int, Resolver } from 'type-graphql';
import { WeeksArgs, weeksOf } from '@social/federation';
import type { InstanceActivityData } from './instance-activity.data.js';
import { Instance } from './instance.type.js';

/** The statuses' share of GET /api/v1/instance/activity (docs/api/instance.md#activity). */
@Resolver(() => Instance)
export class InstanceActivityResolver {
  constructor(private readonly data: InstanceActivityData) {}

  @FieldResolver(() => [Int], { description: 'Statuses posted here each week (boosts not counted; weeks from Monday 00:00 UTC), the current week first. Public.' })
  weeklyStatuses(@Args(() => WeeksArgs) args: WeeksArgs): Promise<number[]> {
    return this.data.statuses(weeksOf(args));
  }
}
