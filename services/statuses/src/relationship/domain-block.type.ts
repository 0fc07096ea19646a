import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { UserError } from '@social/federation';
import { connectionType } from '../page/connection.type.js';

@ObjectType({ description: 'A domain the viewer blocks.' })
class DomainBlock {
  @Field(() => String, { description: 'The domain, normalised (lowercase, IDNA ASCII).' })
  domain!: string;
}

export const DomainBlockConnection = connectionType(DomainBlock, 'DomainBlock', 'blocked domains');
export type DomainBlockConnection = InstanceType<typeof DomainBlockConnection>;

@ObjectType({ description: 'A page of the viewer\'s blocked domains, newest block first (GET /api/v1/domain_blocks).' })
export class DomainBlockPage {
  @Field(() => [String], { description: 'The domains.' })
  items!: string[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as sinceId for the previous page. Null when empty.' })
  prevMinId!: string | null;
}

@InputType({ description: 'The domain to block.' })
export class BlockDomainInput {
  @Field(() => String, { description: 'A domain name; trimmed, lowercased and IDNA-encoded.' })
  domain!: string;
}

@ObjectType({ description: 'What blockDomain answers.' })
export class BlockDomainPayload {
  @Field(() => String, { nullable: true, description: 'The domain as blocked (normalised); null when there are errors.' })
  domain!: string | null;

  @Field(() => [UserError], { description: 'Problems with the domain (blank, malformed, this server\'s own); when any, nothing changed.' })
  errors!: UserError[];
}

@InputType({ description: 'The domain to unblock.' })
export class UnblockDomainInput {
  @Field(() => String, { description: 'A domain name, normalised as blockDomain does.' })
  domain!: string;
}

@ObjectType({ description: 'What unblockDomain answers.' })
export class UnblockDomainPayload {
  @Field(() => String, { nullable: true, description: 'The domain no longer blocked (normalised); null when there are errors.' })
  domain!: string | null;

  @Field(() => [UserError], { description: 'Problems with the domain (blank, malformed); when any, nothing changed.' })
  errors!: UserError[];
}
