import { GraphQLError } from 'graphql';
import { documentHash, parseManifest, writeManifest } from './manifest.js';
import { TrustedDocuments } from './registry.js';

const HOME = 'query Home { viewer { id } }';
const FACADE = 'query Facade { viewer { acct } }';
const OTHER = '{ viewer { username } }';
const manifest = parseManifest(writeManifest([HOME]), 'test');
const apq = (text: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: documentHash(text) } } });

const code = (outcome: unknown) => (outcome instanceof GraphQLError ? outcome.extensions.code : outcome);

describe('TrustedDocuments in trusted mode', () => {
  const documents = TrustedDocuments.of('trusted', manifest, [FACADE]);

  it('runs a registered document named by APQ hash or documentId (prefixed or not)', () => {
    expect(documents.resolve(apq(HOME))).toBe(HOME);
    expect(documents.resolve({ documentId: `sha256:${documentHash(HOME)}` })).toBe(HOME);
    expect(documents.resolve({ documentId: documentHash(FACADE) })).toBe(FACADE);
    expect(documents.resolve({ extensions: { persistedQuery: { version: 1, sha256Hash: `sha256:${documentHash(HOME)}` } } })).toBe(HOME);
  });

  it('runs a registered text as it came (the facade in the same process)', () => {
    expect(documents.resolve({ query: FACADE })).toBeUndefined();
  });

  it('refuses other texts, and APQ registration of one, as PERSISTED_QUERY_NOT_IN_LIST', () => {
    expect(code(documents.resolve({ query: OTHER }))).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect(code(documents.resolve({ query: OTHER, ...apq(OTHER) }))).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect(code(documents.resolve({ query: '' }))).toBe('PERSISTED_QUERY_NOT_IN_LIST');
  });

  it('leaves a request naming nothing to Apollo Server (its landing page, its own 400)', () => {
    expect(documents.resolve({})).toBeUndefined();
  });

  it('answers an unknown hash PERSISTED_QUERY_NOT_FOUND, an unknown documentId too', () => {
    expect(code(documents.resolve(apq(OTHER)))).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(code(documents.resolve({ documentId: 'md5:abc' }))).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});

describe('TrustedDocuments in any mode', () => {
  const documents = TrustedDocuments.of('any', manifest);

  it('runs any text, and registered documents by id', () => {
    expect(documents.resolve({ query: OTHER })).toBeUndefined();
    expect(documents.resolve({ documentId: documentHash(HOME) })).toBe(HOME);
  });

  it('leaves an unknown APQ hash to automatic persisted queries', () => {
    expect(documents.resolve(apq(OTHER))).toBeUndefined();
  });
});

describe('parseManifest', () => {
  it('reads codegen\'s "sha256:"-prefixed keys and bare ones', () => {
    const both = JSON.stringify({ [`sha256:${documentHash(HOME)}`]: HOME, [documentHash(OTHER)]: OTHER });
    expect([...parseManifest(both, 'x').keys()]).toEqual([documentHash(HOME), documentHash(OTHER)]);
  });

  it('refuses a key that is not its document\'s hash, and a shape that is not a manifest', () => {
    expect(() => parseManifest(JSON.stringify({ [documentHash(HOME)]: OTHER }), 'm.json')).toThrow(/m.json: .* is not the SHA-256 of its document/);
    expect(() => parseManifest('[]', 'm.json')).toThrow(/expected an object/);
    expect(() => parseManifest('{', 'm.json')).toThrow(/not JSON/);
  });
});
