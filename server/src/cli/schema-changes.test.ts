import { readFileSync } from 'node:fs';
import path from 'node:path';
import { composeSupergraph, readSupergraph } from '@social/gateway';
import { Kind, parse, print, visit } from 'graphql';
import { contractSdl } from './contract.js';
import { breakingChanges, declaredBreakingChanges, undeclared } from './schema-changes.js';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', `${name}.graphql`), 'utf8');

function supergraphOf(...subgraphs: Array<[string, string]>): string {
  const result = composeSupergraph(subgraphs.map(([name, sdl]) => ({ name, sdl })));
  if ('errors' in result) throw new Error(result.errors.join('\n'));
  return result.supergraphSdl;
}

describe('schema check', () => {
  const v1 = supergraphOf(['products', fixture('products-v1')]);
  const v2 = supergraphOf(['products', fixture('products-v2-breaking')]);

  describe('composition of subgraphs that disagree on a field type', () => {
    it('fails with the composition errors', () => {
      const result = composeSupergraph([
        { name: 'products', sdl: fixture('products-v1') },
        { name: 'reviews', sdl: fixture('reviews-conflicting') },
      ]);
      expect('errors' in result && result.errors.join('\n')).toMatch(/Product\.price/);
    });
  });

  describe('a removed field, a field made nullable and an argument made required', () => {
    it('reports each as a breaking change with its coordinate', async () => {
      const paths = (await breakingChanges(v1, v2)).map((change) => change.path).sort();
      expect(paths).toEqual(['Product.name', 'Product.price', 'Query.product.currency']);
    });

    it('leaves them undeclared against an empty changelog', async () => {
      expect(undeclared(await breakingChanges(v1, v2), '')).toHaveLength(3);
    });

    it('accepts them once the changelog declares each coordinate', async () => {
      const changelog = [
        '- BREAKING `Product.price`: prices moved to offers',
        '- BREAKING `Product.name`, `Query.product.currency`: names can be missing; currency is required',
      ].join('\n');
      expect(undeclared(await breakingChanges(v1, v2), changelog)).toEqual([]);
    });
  });

  describe('the same schema on both sides', () => {
    it('has no breaking change', async () => {
      expect(await breakingChanges(v1, v1)).toEqual([]);
    });
  });

  describe('the contract, which holds the gateway\'s Subscription type', () => {
    const contract = contractSdl(readSupergraph());
    const withoutSubscriptionField = (sdl: string, name: string) =>
      print(
        visit(parse(sdl), {
          [Kind.OBJECT_TYPE_DEFINITION]: (node) => (node.name.value === 'Subscription' ? { ...node, fields: node.fields?.filter((field) => field.name.value !== name) } : undefined),
        }),
      );

    it('contains the subscriptions the gateway serves', () => {
      expect(contract).toMatch(/^type Subscription \{/m);
      expect(contract).toMatch(/^\s+direct: StreamEvent!$/m);
    });

    it('reports a removed subscription field as breaking, undeclared until the changelog names it', async () => {
      const changes = await breakingChanges(contract, withoutSubscriptionField(contract, 'direct'));
      expect(changes.map((change) => change.path)).toEqual(['Subscription.direct']);
      expect(undeclared(changes, '')).toHaveLength(1);
      expect(undeclared(changes, '- BREAKING `Subscription.direct`: use user')).toEqual([]);
    });

    it('compares a contract with a supergraph committed before the contract existed', async () => {
      // The older side has no Subscription at all: adding one breaks nothing.
      expect(await breakingChanges(readSupergraph(), contract)).toEqual([]);
    });
  });

  describe('declaredBreakingChanges', () => {
    it('reads coordinates only from lines marked BREAKING', () => {
      const declared = declaredBreakingChanges('- added `Status.poll`\n- BREAKING `Status.card`: removed\n* BREAKING `A.b` and `C.d`');
      expect([...declared].sort()).toEqual(['A.b', 'C.d', 'Status.card']);
    });
  });
});
