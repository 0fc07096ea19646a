import { InstanceRule } from '@social/federation';
import { Directive, Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A language statuses may be written in.' })
export class LanguageName {
  @Field(() => String, { description: 'ISO 639 code (639-1 where there is one).' })
  code!: string;

  @Field(() => String, { description: 'Its name in English.' })
  name!: string;
}

@ObjectType({ description: 'This server. Other subgraphs contribute its usage figures and limits.' })
@Directive('@key(fields: "domain")')
export class Instance {
  @Field(() => String, { description: 'Host name clients reach the server at.' })
  domain!: string;

  @Field(() => String, { description: 'Name of the server, as configured (INSTANCE_TITLE).' })
  title!: string;

  @Field(() => String, { description: 'Mastodon-compatible version, e.g. "4.3.0 (compatible; social-federation 0.1.0)".' })
  version!: string;

  @Field(() => String, { description: 'The Mastodon API feature level (api_versions.mastodon).' })
  apiVersion!: string;

  @Field(() => String, { description: 'Name of the server software: social-federation.' })
  softwareName!: string;

  @Field(() => String, { description: 'Version of the server software itself, not the Mastodon version it follows.' })
  softwareVersion!: string;

  @Field(() => String, { description: 'Where the server\'s source code is published (Mastodon\'s source_url).' })
  sourceUrl!: string;

  @Field(() => String, { description: 'Short plain-text description of the server.' })
  description!: string;

  @Field(() => String, { description: 'E-mail address to contact the administrators; empty when none is published.' })
  contactEmail!: string;

  @Field(() => [String], { description: 'ISO 639 codes of the languages the server is run in.' })
  languages!: string[];

  @Field(() => Boolean, { description: 'Whether new accounts may sign up (REGISTRATIONS_MODE open or approved).' })
  registrationsEnabled!: boolean;

  @Field(() => Boolean, { description: 'Whether sign-ups wait for a moderator\'s approval (REGISTRATIONS_MODE=approved).' })
  approvalRequired!: boolean;

  @Field(() => Int, { description: 'Local accounts.' })
  userCount!: number;

  @Field(() => String, { description: 'Base URL of the streaming API (wss:// or ws://).' })
  streamingUrl!: string;

  @Field(() => String, { description: 'VAPID public key for Web Push.' })
  vapidKey!: string;

  @Field(() => [InstanceRule], { description: "The server's rules, in order (INSTANCE_RULES); empty when none are set." })
  rules!: InstanceRule[];

  @Field(() => String, { description: 'The long description of the server, as HTML (INSTANCE_EXTENDED_DESCRIPTION, plain text, in paragraphs); empty when none is set.' })
  extendedDescription!: string;

  @Field(() => [LanguageName], { description: 'Every language a status may be written in, with its English name.' })
  supportedLanguages!: LanguageName[];
}
