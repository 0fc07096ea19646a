import { ErrorCode } from '@social/errors';

/** A refusal of the upload request before any operation runs: its HTTP status and GraphQL error code. */
export class UploadRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRequestError';
  }
}

const badRequest = (message: string) => new UploadRequestError(400, ErrorCode.BAD_REQUEST, message);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parseJson(field: string, text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw badRequest(`The '${field}' multipart field is not valid JSON`);
  }
}

const isObject = (value: Json | undefined): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The text half of a GraphQL multipart request
 * (https://github.com/jaydenseric/graphql-multipart-request-spec): the
 * `operations` field (the JSON request, with null where each file goes),
 * then `map` (file field name -> the paths of those nulls), then the files.
 * Fields arrive one by one and are checked as they do, so that a malformed
 * request is refused before any file is written.
 */
export class MultipartOperations {
  private operations: { [key: string]: Json } | null = null;
  private readonly map = new Map<string, string[][]>();
  private mapSeen = false;

  constructor(private readonly maxFiles: number) {}

  /** A text field, in the order received. */
  field(name: string, value: string): void {
    if (name === 'operations') {
      if (this.operations) throw badRequest("The 'operations' multipart field is given twice");
      const parsed = parseJson('operations', value);
      if (Array.isArray(parsed)) throw badRequest('Batched operations are not supported: send one operation per request');
      if (!isObject(parsed)) throw badRequest("The 'operations' multipart field must be a JSON object");
      this.operations = parsed;
    } else if (name === 'map') {
      if (!this.operations) throw badRequest("The 'operations' multipart field must come before 'map'");
      if (this.mapSeen) throw badRequest("The 'map' multipart field is given twice");
      this.mapSeen = true;
      this.readMap(parseJson('map', value));
    }
  }

  /** Whether a file part of this field name is one the map names (any other is drained, unread). */
  wants(name: string): boolean {
    if (!this.mapSeen) throw badRequest("Files must follow the 'operations' and 'map' multipart fields");
    return this.map.has(name);
  }

  /** The file field names the map expects. */
  fileFields(): string[] {
    if (!this.operations || !this.mapSeen) throw badRequest("A multipart GraphQL request needs the 'operations' and 'map' fields");
    return [...this.map.keys()];
  }

  /** The request with each file's value in place of its nulls, once every file is staged. */
  resolve(values: ReadonlyMap<string, Json>): { [key: string]: Json } {
    const operations = this.operations as { [key: string]: Json };
    for (const [name, paths] of this.map) {
      for (const at of paths) {
        const parent = at.slice(0, -1).reduce<Json>((node, key) => (node as { [key: string]: Json })[key], operations) as { [key: string]: Json };
        parent[at[at.length - 1]] = values.get(name) ?? null;
      }
    }
    return operations;
  }

  private readMap(map: Json): void {
    if (!isObject(map)) throw badRequest("The 'map' multipart field must be a JSON object of file field names to arrays of paths");
    const entries = Object.entries(map);
    if (entries.length > this.maxFiles) throw badRequest(`At most ${this.maxFiles} files may be uploaded in one request`);
    for (const [name, paths] of entries) {
      if (!Array.isArray(paths) || paths.length === 0 || !paths.every((path) => typeof path === 'string')) {
        throw badRequest(`The 'map' entry '${name}' must be a non-empty array of paths`);
      }
      this.map.set(name, (paths).map((path) => this.nullAt(name, path)));
    }
  }

  /** A path like `variables.input.file` into the operations, ending at the null the file replaces. */
  private nullAt(name: string, path: string): string[] {
    const keys = path.split('.');
    if (keys[0] !== 'variables' || keys.length < 2) throw badRequest(`The 'map' entry '${name}' names '${path}': files go in variables ("variables.<name>...")`);
    let node: Json | undefined = this.operations;
    for (const key of keys) {
      if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
      else if (isObject(node)) node = node[key];
      else node = undefined;
      if (node === undefined) throw badRequest(`The 'map' entry '${name}' names '${path}', which is not in 'operations'`);
    }
    if (node !== null) throw badRequest(`The 'map' entry '${name}' names '${path}', which must be null in 'operations'`);
    return keys;
  }
}
