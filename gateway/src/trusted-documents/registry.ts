import { GraphQLError } from 'graphql';
import { documentHash } from './manifest.js';

/** `any`: every operation runs (registered ones may also be named by id); `trusted`: only registered ones (docs/graphql.md#trusted-documents). */
export const DOCUMENT_MODES = ['any', 'trusted'] as const;
export type DocumentMode = (typeof DOCUMENT_MODES)[number];

/** Apollo Router's code for an operation that is not in the persisted-query list. */
export const NOT_IN_LIST = 'PERSISTED_QUERY_NOT_IN_LIST';
/** Apollo's code for a hash it does not know: an APQ client then sends the text (which trusted mode refuses). */
const NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND';

/** What a request names: a text, an APQ hash, a documentId (GraphQL over HTTP's persisted documents). */
export interface DocumentRequest {
  query?: string;
  extensions?: Record<string, unknown> | null;
  documentId?: unknown;
}

function refusal(code: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/** "sha256:<hex>" or bare hex; anything else is no hash (and is not found). */
function idHash(documentId: unknown): string | null {
  if (typeof documentId !== 'string') return null;
  return documentId.startsWith('sha256:') ? documentId.slice(7) : documentId;
}

function requestHash(request: DocumentRequest): string | null {
  if (request.documentId !== undefined && request.documentId !== null) return idHash(request.documentId) ?? '';
  const persisted = request.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined;
  // Codegen's document ids are "sha256:<hex>": a client passing one as the APQ hash is understood too.
  return typeof persisted?.sha256Hash === 'string' ? idHash(persisted.sha256Hash) : null;
}

/**
 * The documents registered at build time (manifests, the facade's own
 * operations) and the rule of the mode. Per request it is one Map or Set
 * lookup: nothing is hashed or parsed.
 */
export class TrustedDocuments {
  private readonly texts: Set<string>;

  constructor(
    readonly mode: DocumentMode,
    private readonly byHash: ReadonlyMap<string, string>,
  ) {
    this.texts = new Set(byHash.values());
  }

  /** These manifests' documents and these texts (the facade's operations), under this mode. */
  static of(mode: DocumentMode, manifests: ReadonlyMap<string, string>, texts: Iterable<string> = []): TrustedDocuments {
    const byHash = new Map(manifests);
    for (const text of texts) byHash.set(documentHash(text), text);
    return new TrustedDocuments(mode, byHash);
  }

  /**
   * The text to run (a registered document named by hash or id), undefined
   * to run the request as it came, or the refusal. In `any` mode an unknown
   * hash is left to automatic persisted queries.
   */
  resolve(request: DocumentRequest): string | undefined | GraphQLError {
    const hash = requestHash(request);
    if (hash !== null) {
      const document = this.byHash.get(hash);
      if (document !== undefined) return document;
      if (this.mode === 'any' && request.documentId === undefined) return undefined;
      if (request.query === undefined) return refusal(NOT_FOUND, 'PersistedQueryNotFound');
      return this.notInList();
    }
    // Nothing named at all (the Sandbox page's GET, an empty body) is Apollo Server's to answer.
    if (this.mode === 'any' || request.query === undefined || this.texts.has(request.query)) return undefined;
    return this.notInList();
  }

  private notInList(): GraphQLError {
    return refusal(NOT_IN_LIST, 'This server runs only registered operations (trusted documents): send a registered document by its hash');
  }
}
