import { Directive, Field, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A client application registered to obtain OAuth tokens.' })
@Directive('@key(fields: "id")')
export class Application {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'Name of the application.' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Home page of the application.' })
  website!: string | null;

  @Field(() => [String], { description: 'Scopes the application registered.' })
  scopes!: string[];

  @Field(() => [String], { description: 'Registered redirect URIs.' })
  redirectUris!: string[];

  // vapidKey: resolved by ApplicationResolver (the key is read from the database at first use).
}

@ObjectType({ description: 'A newly registered application with its client credentials, shown once.' })
export class ApplicationRegistration {
  @Field(() => Application, { description: 'The application as registered.' })
  application!: Application;

  @Field(() => String, { description: 'OAuth client id.' })
  clientId!: string;

  @Field(() => String, { description: 'OAuth client secret. Keep it: it is not shown again.' })
  clientSecret!: string;
}

@InputType({ description: 'Registration of a client application.' })
export class RegisterApplicationInput {
  @Field(() => String, { description: 'Name of the application (at most 60 characters).' })
  clientName!: string;

  @Field(() => [String], { description: 'Where the user is sent after authorizing; urn:ietf:wg:oauth:2.0:oob to show the code.' })
  redirectUris!: string[];

  @Field(() => String, { nullable: true, description: 'Space-separated scopes; default read.' })
  scopes?: string | null;

  @Field(() => String, { nullable: true, description: 'Home page of the application.' })
  website?: string | null;
}
