import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { AppError, ErrorCode, Messages } from '@social/errors';
import { acceptedScopes, assertAccess, type Principal } from '@social/federation';
import { MalformedMultipartError, mediaFileBytes, MEDIA_LIMITS, receiveMultipart, tooLargeMessage, type MediaUploads, type ReceivedMultipart } from '@social/uploads';
import { sendGraphqlError } from '../graphql-error-response.js';
import { MultipartOperations, UploadRequestError } from './multipart-operations.js';

/** Where the upload middleware reports what it could not do (the media process unreachable). */
export interface UploadLog {
  error(obj: object, msg: string): void;
}

export interface GraphqlUploadsOptions {
  /** Hands each received file to the media service (in this process or over its internal route). */
  uploads: MediaUploads;
  /** The caller, by the Authorization header, before a byte is read. */
  resolveAuthorization(authorization: string | null): Promise<Principal>;
  /** Bytes of the `operations` and `map` fields. */
  fieldBytes: number;
  log?: UploadLog;
}

/**
 * Apollo Server's CSRF prevention: a multipart POST is a "simple" request a
 * browser sends cross-site without a preflight, so it must carry one of the
 * headers a page cannot set without one (Apollo Client and
 * apollo-upload-client send them when asked; docs/graphql.md#uploading-media).
 */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

/**
 * Files go to the mutations that take an `Upload`: media (write:media) or a
 * profile's avatar and header (write:accounts). Either scope lets the bytes be
 * staged; the mutation then checks its own (docs/graphql.md#uploading-media).
 */
const UPLOAD_ACCESS = { scopes: [...new Set([...acceptedScopes('write:media'), ...acceptedScopes('write:accounts')])], user: true } as const;

/** As many files as one status can carry. */
const MAX_FILES = 4;

const STATUS_OF_CODE: Record<string, number> = {
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.UNAVAILABLE]: 503,
};

function isMultipart(headers: IncomingHttpHeaders): boolean {
  return /^multipart\/form-data\b/i.test(headers['content-type'] ?? '');
}

/**
 * POST /graphql with a multipart body (the GraphQL multipart request spec):
 * checked for CSRF and for the caller's write:media before reading; each
 * file streamed to a temporary file within the media limits, staged with the
 * media service, and replaced in the variables by its staged reference
 * (what the `Upload` scalar takes), so that the operation then runs as any
 * JSON request and no subgraph sees a stream. A refusal is one GraphQL
 * error with its 4xx status, and leaves no file behind.
 */
export function graphqlUploads(options: GraphqlUploadsOptions): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || !isMultipart(req.headers)) {
      next();
      return;
    }
    receive(req, options).then(
      (operations) => {
        req.body = operations;
        next();
      },
      (error: unknown) => {
        if (!refuse(res, error, options.log)) next(error);
      },
    );
  };
}

async function receive(req: Parameters<RequestHandler>[0], options: GraphqlUploadsOptions): Promise<unknown> {
  if (!PREFLIGHT_HEADERS.some((header) => (req.headers[header] ?? '').length > 0)) {
    throw new UploadRequestError(
      400,
      ErrorCode.BAD_REQUEST,
      `This operation has been blocked as a potential Cross-Site Request Forgery (CSRF): a multipart request must carry a non-empty ${PREFLIGHT_HEADERS.join(' or ')} header`,
    );
  }
  assertAccess(await options.resolveAuthorization(req.headers.authorization ?? null), UPLOAD_ACCESS);
  const form = new MultipartOperations(MAX_FILES);
  let read: ReceivedMultipart;
  try {
    read = await receiveMultipart(req, {
      onField: (name, value) => form.field(name, value),
      fileLimit: (name, contentType) => (form.wants(name) ? mediaFileBytes(contentType) : null),
      maxFileBytes: MEDIA_LIMITS.videoSizeLimit,
      maxFiles: MAX_FILES,
      fieldBytes: options.fieldBytes,
      tempPrefix: 'social-graphql-upload-',
    });
  } catch (error) {
    throw error instanceof MalformedMultipartError ? new UploadRequestError(400, ErrorCode.BAD_REQUEST, error.message) : error;
  }
  try {
    if (read.invalidText) throw new UploadRequestError(400, ErrorCode.BAD_REQUEST, 'Invalid UTF-8 in request body');
    const names = form.fileFields();
    for (const [name, bytes] of read.tooLarge) throw new UploadRequestError(413, ErrorCode.BAD_USER_INPUT, `${tooLargeMessage('File', bytes)} (multipart field '${name}')`);
    const missing = names.find((name) => !read.files[name]);
    if (missing !== undefined) throw new UploadRequestError(400, ErrorCode.BAD_REQUEST, `The file of 'map' entry '${missing}' is missing from the request`);
    const staged = await Promise.all(
      names.map(async (name) => {
        const file = read.files[name];
        const upload = await stage(options, file, req.headers['x-request-id']);
        return [name, { upload, contentType: file.contentType, fileName: file.fileName }] as const;
      }),
    );
    return form.resolve(new Map(staged));
  } finally {
    // Staged files were moved or copied into the media storage: the temporary ones can go in every case.
    await read.cleanup();
  }
}

async function stage(options: GraphqlUploadsOptions, file: Parameters<MediaUploads['stage']>[0], requestId: string | string[] | undefined): Promise<string> {
  try {
    return await options.uploads.stage(file);
  } catch (error) {
    options.log?.error({ err: error, requestId }, 'staging an upload with the media service');
    throw new UploadRequestError(503, ErrorCode.UNAVAILABLE, Messages.unavailable);
  }
}

/** Answers a refusal (true), or leaves an unexpected error to the router's handler (false). */
function refuse(res: Response, error: unknown, log?: UploadLog): boolean {
  if (error instanceof UploadRequestError) {
    sendGraphqlError(res, error.status, error.message, error.code);
    return true;
  }
  if (error instanceof AppError) {
    if (error.code === ErrorCode.UNAVAILABLE) log?.error({ err: error.internalCause ?? error, requestId: res.getHeader('x-request-id') }, 'resolving the caller of an upload');
    sendGraphqlError(res, STATUS_OF_CODE[error.code] ?? 400, error.message, error.code);
    return true;
  }
  return false;
}
