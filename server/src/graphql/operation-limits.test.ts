// The gateway's operation limits against the facade's own operations: every
// query and mutation the REST facade sends passes them, and the abusive
// shapes they exist for are refused.
import { Supergraph } from '@apollo/federation-internals';
import { DEFAULT_OPERATION_LIMITS, operationLimitRules, readSupergraph } from '@social/gateway';
import { definedOperations } from '@social/rest-facade';
import { getOperationAST, parse, specifiedRules, validate } from 'graphql';

const schema = Supergraph.build(readSupergraph()).apiSchema().toGraphQLJSSchema();
const rules = [...specifiedRules, ...operationLimitRules(DEFAULT_OPERATION_LIMITS)];
const check = (query: string) => validate(schema, parse(query), rules).map((error) => error.message);

describe('gateway operation limits', () => {
  const operations = definedOperations().filter((op) => getOperationAST(parse(op.document))?.operation !== 'subscription');

  it('sees the facade operations (the route modules are loaded)', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations.map((op) => [op.name, op.document]))('let %s through', (_name, document) => {
    expect(check(document)).toEqual([]);
  });

  it('refuses a selection nested past the depth limit', () => {
    let selection = 'id';
    for (let level = 0; level < DEFAULT_OPERATION_LIMITS.maxDepth; level += 1) selection = `id reblog { ${selection} }`;
    const errors = check(`query Deep { status(id: "1") { ${selection} } }`);
    expect(errors.join('\n')).toMatch(/depth limit/i);
  });

  it('refuses more aliases than allowed', () => {
    const aliases = Array.from({ length: DEFAULT_OPERATION_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: status(id: "${i}") { id }`);
    expect(check(`query Many { ${aliases.join(' ')} }`).join('\n')).toMatch(/aliases limit/i);
  });

  it('refuses an operation whose estimated cost is past the limit', () => {
    // Within the depth and alias limits, but wide at every level.
    const wide = 'id content uri url spoilerText createdAt account { id username acct displayName note url avatar header }';
    let selection = wide;
    for (let level = 0; level < 6; level += 1) selection = `${wide} reblog { ${selection} }`;
    const aliases = Array.from({ length: DEFAULT_OPERATION_LIMITS.maxAliases }, (_, i) => `s${i}: status(id: "${i}") { ${selection} }`);
    expect(check(`query Costly { ${aliases.join(' ')} }`).join('\n')).toMatch(/cost limit/i);
  });
});
