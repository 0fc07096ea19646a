import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/** What an `Upload` value is once it reaches a subgraph: bytes already staged with the media service (docs/api/media.md#staging). */
export interface StagedFileReference {
  upload: string;
  contentType?: string | null;
  fileName?: string | null;
}

const MESSAGE = 'Upload must be a file part of a multipart request (or a staged reference { upload, contentType, fileName })';

function reference(value: unknown): StagedFileReference {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GraphQLError(MESSAGE);
  const { upload, contentType = null, fileName = null, ...rest } = value as Record<string, unknown>;
  const optionalText = (text: unknown) => text === null || typeof text === 'string';
  if (typeof upload !== 'string' || !optionalText(contentType) || !optionalText(fileName) || Object.keys(rest).length > 0) throw new GraphQLError(MESSAGE);
  return { upload, contentType, fileName };
}

function literal(node: ValueNode): unknown {
  if (node.kind === Kind.OBJECT) return Object.fromEntries(node.fields.map((field) => [field.name.value, literal(field.value)]));
  if (node.kind === Kind.STRING) return node.value;
  if (node.kind === Kind.NULL) return null;
  throw new GraphQLError(MESSAGE);
}

/**
 * The GraphQL multipart request spec's `Upload`. A client sends the file as
 * a part of a multipart request; the gateway streams it to the media
 * storage and puts the staged reference in its place, so no subgraph
 * (another process, maybe) sees a stream, only the reference. The REST
 * facade stages its multipart files the same way and passes the reference.
 * One definition for every subgraph that takes files (media's files and
 * thumbnails, identity's avatar and header); composition merges them.
 * Input only. docs/graphql.md#uploading-media.
 */
export const UploadScalar = new GraphQLScalarType<StagedFileReference, never>({
  name: 'Upload',
  description:
    'A file: a part of a multipart request (GraphQL multipart request spec, https://github.com/jaydenseric/graphql-multipart-request-spec), ' +
    'staged by the gateway before the operation runs. Input only.',
  parseValue: reference,
  parseLiteral: (node) => reference(literal(node)),
  serialize: () => {
    throw new GraphQLError('Upload is an input-only type');
  },
});
