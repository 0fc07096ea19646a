import * as federation from '@apollo/federation-internals';
import { parse, type DocumentNode } from 'graphql';
import { cacheOperationsPerDocument } from './operation-cache.js';

const schema = federation.buildSchema(`
  type Query { status(id: ID!): Status }
  type Status { id: ID! content: String! account: Account! }
  type Account { id: ID! username: String! }
`);

/** The document executeQueryPlan builds on each request: a new object around the parsed operation's own definitions. */
const rebuilt = (document: DocumentNode): DocumentNode => ({ kind: document.kind, definitions: [...document.definitions] });

describe('cacheOperationsPerDocument', () => {
  beforeAll(() => cacheOperationsPerDocument());

  it('converts one parsed operation once, through the export @apollo/gateway calls', () => {
    const text = 'query S($id: ID!) { status(id: $id) { id ...F } } fragment F on Status { content account { username } }';
    const document = parse(text);
    const first = federation.operationFromDocument(schema, rebuilt(document), { validate: false });
    expect(federation.operationFromDocument(schema, rebuilt(document), { validate: false })).toBe(first);
    // The same text parsed anew is another document: converted again, to the same operation.
    const again = federation.operationFromDocument(schema, rebuilt(parse(text)), { validate: false });
    expect(again).not.toBe(first);
    expect(again.toString()).toBe(first.toString());
  });

  it('converts again when the fragments, the options or the text differ', () => {
    const document = parse('query S($id: ID!) { status(id: $id) { id ...F } } fragment F on Status { content }');
    const first = federation.operationFromDocument(schema, rebuilt(document), { validate: false });
    const otherFragment = parse('fragment F on Status { id }').definitions[0];
    const withOther = federation.operationFromDocument(schema, { kind: document.kind, definitions: [document.definitions[0], otherFragment] }, { validate: false });
    expect(withOther).not.toBe(first);
    expect(withOther.toString()).not.toBe(first.toString());
    expect(federation.operationFromDocument(schema, rebuilt(document), { validate: true })).not.toBe(first);
  });
});
