// GraphQL multipart requests (https://github.com/jaydenseric/graphql-multipart-request-spec) as
// apollo-upload-client sends them: `operations` (the JSON request, null where each file goes), `map`
// (file field -> paths of those nulls), then the files; and what an upload leaves on the server's disk.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { graphqlUrl, type GraphqlError } from './graphql';
import type { Fixture } from './images';

export interface RawGraphqlAnswer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: GraphqlError[] } | undefined;
  text: string;
}

export interface MultipartParts {
  /** The form fields in order; a field given as undefined is left out. */
  operations?: string;
  map?: string;
  files?: Record<string, Fixture>;
}

/** The header Apollo Client's upload link is told to send (CSRF prevention). */
export const PREFLIGHT = { 'apollo-require-preflight': 'true' };

/** POSTs a multipart body to /graphql with these parts: operations, map, then the files. */
export async function postMultipart(parts: MultipartParts, headers: Record<string, string> = {}): Promise<RawGraphqlAnswer> {
  const form = new FormData();
  if (parts.operations !== undefined) form.append('operations', parts.operations);
  if (parts.map !== undefined) form.append('map', parts.map);
  for (const [name, file] of Object.entries(parts.files ?? {})) form.append(name, new Blob([file.data], { type: file.contentType }), file.fileName);
  const response = await fetch(graphqlUrl, { method: 'POST', headers, body: form });
  const text = await response.text();
  let body: RawGraphqlAnswer['body'];
  try {
    body = JSON.parse(text) as RawGraphqlAnswer['body'];
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

/** The fields the tests read of an attachment. */
export const ATTACHMENT_FIELDS = 'id type processing url previewUrl blurhash description meta { original { width height } small { width height } }';

/**
 * uploadMedia over multipart with the file at `variables.input.file`: the answer, the payload's
 * attachment (null when refused) and its user errors.
 */
export async function uploadMediaMultipart(
  file: Fixture,
  token: string | undefined,
  input: Record<string, unknown> = {},
  headers: Record<string, string> = PREFLIGHT,
): Promise<RawGraphqlAnswer & { attachment: Record<string, unknown> | null; userErrors: Array<{ code: string; message: string; field: string[] | null }> }> {
  const operations = {
    query: `mutation UploadMedia($input: UploadMediaInput!) { uploadMedia(input: $input) { mediaAttachment { ${ATTACHMENT_FIELDS} } errors { code message field } } }`,
    variables: { input: { ...input, file: null } },
  };
  const answer = await postMultipart(
    { operations: JSON.stringify(operations), map: JSON.stringify({ 0: ['variables.input.file'] }), files: { 0: file } },
    { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  );
  const payload = answer.body?.data?.uploadMedia as { mediaAttachment: Record<string, unknown> | null; errors: Array<{ code: string; message: string; field: string[] | null }> } | undefined;
  return { ...answer, attachment: payload?.mediaAttachment ?? null, userErrors: payload?.errors ?? [] };
}

/**
 * The files an upload may leave on the server: staged bytes (MEDIA_DIR/uploads) and the gateway's
 * temporary files (TMPDIR/social-graphql-upload-*). Null when the suite runs against a server it did
 * not start (E2E_BASE_URL), whose folders it cannot see.
 */
export async function uploadLeftovers(): Promise<string[] | null> {
  const folder = process.env.E2E_SERVER_FOLDER;
  if (!folder) return null;
  const list = async (dir: string, prefix = '') =>
    (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith(prefix)).map((name) => path.join(dir, name));
  return [...(await list(path.join(folder, 'media', 'uploads'))), ...(await list(path.join(folder, 'tmp'), 'social-graphql-upload-'))];
}
