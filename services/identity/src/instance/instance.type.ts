import { Directive, Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'This server. Other subgraphs contribute its usage figures and limits.' })
@Directive('@key(fields: "domain")')
export class Instance {
  @Field(() => String, { description: 'Host name clients reach the server at.' })
  domain!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'Mastodon-compatible version, e.g. "4.3.0 (compatible; social-federation 0.1.0)".' })
  version!: string;

  @Field(() => String, { description: 'The Mastodon API feature level (api_versions.mastodon).' })
  apiVersion!: string;

  @Field(() => String)
  softwareName!: string;

  @Field(() => String)
  softwareVersion!: string;

  @Field(() => String)
  sourceUrl!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  contactEmail!: string;

  @Field(() => [String])
  languages!: string[];

  @Field(() => Boolean)
  registrationsEnabled!: boolean;

  @Field(() => Boolean)
  approvalRequired!: boolean;

  @Field(() => Int, { description: 'Local accounts.' })
  userCount!: number;

  @Field(() => String, { description: 'Base URL of the streaming API (wss:// or ws://).' })
  streamingUrl!: string;

  @Field(() => String, { description: 'VAPID public key for Web Push.' })
  vapidKey!: string;
}
