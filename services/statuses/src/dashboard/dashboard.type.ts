import { Field, Float, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One day (or month) of a measure or a cohort.' })
export class AdminMeasureDatum {
  @Field(() => Date, { description: 'The day, at midnight UTC.' })
  date!: Date;

  @Field(() => String, { description: 'The count that day, as a decimal string (Mastodon\'s).' })
  value!: string;
}

@ObjectType({ description: 'A dashboard measure over a period, day by day (Mastodon\'s Admin::Measure).' })
export class AdminMeasure {
  @Field({ description: 'What is measured: active_users, new_users, interactions, opened_reports, resolved_reports, tag_accounts, tag_uses, instance_...' })
  key!: string;

  @Field(() => String, { nullable: true, description: 'The unit of the values: null for counts, bytes for sizes.' })
  unit!: string | null;

  @Field(() => String, { description: 'The value over the whole period (distinct accounts for the account measures), a decimal string.' })
  total!: string;

  @Field(() => String, { nullable: true, description: 'The same over the period of equal length just before; null where Mastodon gives none.' })
  previousTotal!: string | null;

  @Field(() => [AdminMeasureDatum], { description: 'One entry per day of the period, oldest first.' })
  data!: AdminMeasureDatum[];
}

@ObjectType({ description: 'One entry of a dimension.' })
export class AdminDimensionDatum {
  @Field({ description: 'What it counts (a language code, an app\'s name, a store).' })
  key!: string;

  @Field({ description: 'The key as people read it (a language\'s name).' })
  humanKey!: string;

  @Field(() => String, { description: 'The value, a decimal string.' })
  value!: string;

  @Field(() => String, { nullable: true, description: 'The unit: bytes for space_usage, else null.' })
  unit!: string | null;

  @Field(() => String, { nullable: true, description: 'The value as people read it (1.2 MB), where there is a unit.' })
  humanValue!: string | null;
}

@ObjectType({ description: 'A dashboard breakdown over a period (Mastodon\'s Admin::Dimension).' })
export class AdminDimension {
  @Field({ description: 'What is broken down: languages, sources, servers, space_usage, software_versions, tag_languages, tag_servers, instance_...' })
  key!: string;

  @Field(() => [AdminDimensionDatum], { description: 'The entries, largest first (space_usage and software_versions in a fixed order).' })
  data!: AdminDimensionDatum[];
}

@ObjectType({ description: 'One later period of a cohort.' })
export class AdminCohortDatum {
  @Field(() => Date, { description: 'The period (day or month), at its start.' })
  date!: Date;

  @Field(() => Float, { description: 'The share of the cohort still active in or after that period, 0 to 1.' })
  rate!: number;

  @Field(() => String, { description: 'How many of the cohort that is, a decimal string.' })
  value!: string;
}

@ObjectType({ description: 'The users who signed up in one period, and how many stayed active later (Mastodon\'s Admin::Cohort).' })
export class AdminCohort {
  @Field(() => Date, { description: 'The sign-up period, at its start.' })
  period!: Date;

  @Field({ description: 'day or month.' })
  frequency!: string;

  @Field(() => [AdminCohortDatum], { description: 'From the sign-up period to the end of the range, oldest first.' })
  data!: AdminCohortDatum[];
}

@InputType({ description: 'What one key is about: the hashtag of tag_* keys, the server of instance_* keys (Mastodon\'s `tag_uses[id]`, `instance_accounts[domain]`).' })
export class AdminMetricKeyParams {
  @Field({ description: 'The key these are for.' })
  key!: string;

  @Field(() => String, { nullable: true, description: 'The hashtag (its id) of the tag_* keys.' })
  id?: string | null;

  @Field(() => String, { nullable: true, description: 'The server of the instance_* keys.' })
  domain?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'instance_* keys: its subdomains too.' })
  includeSubdomains?: boolean | null;
}
