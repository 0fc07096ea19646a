import { MultipartOperations, UploadRequestError } from './multipart-operations';

const OPERATIONS = JSON.stringify({ query: 'mutation ($input: UploadMediaInput!) { uploadMedia(input: $input) { id } }', variables: { input: { file: null, description: 'x' }, files: [null, null] } });

function form(operations = OPERATIONS, map?: unknown): MultipartOperations {
  const parsed = new MultipartOperations(4);
  parsed.field('operations', operations);
  if (map !== undefined) parsed.field('map', JSON.stringify(map));
  return parsed;
}

function refusal(work: () => unknown): { status: number; code: string; message: string } {
  try {
    work();
  } catch (error) {
    if (error instanceof UploadRequestError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('MultipartOperations', () => {
  it('puts each file value at every path its map entry names, inside objects and arrays', () => {
    const parsed = form(OPERATIONS, { a: ['variables.input.file'], b: ['variables.files.1', 'variables.files.0'] });

    expect(parsed.fileFields()).toEqual(['a', 'b']);
    expect(parsed.wants('a')).toBe(true);
    expect(parsed.wants('c')).toBe(false);
    expect(parsed.resolve(new Map([['a', { upload: 'A' }], ['b', { upload: 'B' }]]))).toMatchObject({
      variables: { input: { file: { upload: 'A' }, description: 'x' }, files: [{ upload: 'B' }, { upload: 'B' }] },
    });
  });

  it.each([
    ['operations that are not JSON', () => form('{"query":'), "The 'operations' multipart field is not valid JSON"],
    ['batched operations', () => form('[{"query":"{ a }"}]'), 'Batched operations are not supported: send one operation per request'],
    ['operations that are not an object', () => form('"query"'), "The 'operations' multipart field must be a JSON object"],
    ['a map before operations', () => new MultipartOperations(4).field('map', '{}'), "The 'operations' multipart field must come before 'map'"],
    ['a map that is not an object', () => form(OPERATIONS, ['variables.input.file']), "The 'map' multipart field must be a JSON object of file field names to arrays of paths"],
    ['a map entry without paths', () => form(OPERATIONS, { 0: [] }), "The 'map' entry '0' must be a non-empty array of paths"],
    ['a path outside variables', () => form(OPERATIONS, { 0: ['query'] }), `The 'map' entry '0' names 'query': files go in variables ("variables.<name>...")`],
    ['a path not in operations', () => form(OPERATIONS, { 0: ['variables.input.thumbnail'] }), "The 'map' entry '0' names 'variables.input.thumbnail', which is not in 'operations'"],
    ['a path to a value that is not null', () => form(OPERATIONS, { 0: ['variables.input.description'] }), "The 'map' entry '0' names 'variables.input.description', which must be null in 'operations'"],
    ['more files than allowed', () => form(OPERATIONS, Object.fromEntries(['0', '1', '2', '3', '4'].map((name) => [name, ['variables.input.file']]))), 'At most 4 files may be uploaded in one request'],
    ['a file before the map', () => form().wants('0'), "Files must follow the 'operations' and 'map' multipart fields"],
    ['no map at all', () => form().fileFields(), "A multipart GraphQL request needs the 'operations' and 'map' fields"],
  ])('refuses %s with 400 BAD_REQUEST', (_what, work, message) => {
    expect(refusal(work)).toEqual({ status: 400, code: 'BAD_REQUEST', message });
  });
});
