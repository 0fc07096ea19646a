import 'reflect-metadata';
import { Field, ID, InputType } from 'type-graphql';

/**
 * A file staged with the media service before the mutation that uses it (the
 * REST facade and the gateway's multipart parser stage files). One type for
 * every subgraph that takes one: media's thumbnails, identity's avatar and
 * header; composition merges the identical definitions.
 */
@InputType({ description: 'Bytes staged with the media service before the mutation (the REST facade stages multipart files).' })
export class UploadedFileInput {
  @Field(() => ID, { description: 'The id the staging answered with.' })
  upload!: string;

  @Field(() => String, { nullable: true, description: 'The content type the client gave the file.' })
  contentType?: string | null;

  @Field(() => String, { nullable: true, description: 'The file name the client gave.' })
  fileName?: string | null;
}
