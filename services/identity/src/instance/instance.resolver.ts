import { Args, FieldResolver, Int, Query, Resolver } from 'type-graphql';
import { weekStarts } from '@social/db';
import { WeeksArgs, weeksOf } from '@social/federation';
import type { InstanceActivityData } from './instance-activity.data.js';
import { Instance } from './instance.type.js';
import type { InstanceService } from './instance.service.js';

@Resolver(() => Instance)
export class InstanceResolver {
  constructor(
    private readonly service: InstanceService,
    private readonly activity: InstanceActivityData,
  ) {}

  @Query(() => Instance, { description: 'This server: version, registrations, usage, limits. Public.' })
  instance(): Promise<Instance> {
    return this.service.describe();
  }

  @FieldResolver(() => [Date], { description: 'The starts of the weeks the weekly figures count (Monday 00:00 UTC), the current week first.' })
  weekStarts(@Args(() => WeeksArgs) args: WeeksArgs): Date[] {
    return weekStarts(weeksOf(args));
  }

  @FieldResolver(() => [Int], { description: 'Accounts that signed up each week (weeks from Monday 00:00 UTC), the current week first.' })
  weeklySignUps(@Args(() => WeeksArgs) args: WeeksArgs): Promise<number[]> {
    return this.activity.signUps(weeksOf(args));
  }

  @FieldResolver(() => [Int], { description: 'Distinct users who signed in (were granted a token) each week, the current week first.' })
  weeklyLogins(@Args(() => WeeksArgs) args: WeeksArgs): Promise<number[]> {
    return this.activity.logins(weeksOf(args));
  }
}
