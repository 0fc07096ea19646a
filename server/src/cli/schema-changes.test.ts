import { readFileSync } from 'node:fs';
import path from 'node:path';
import { composeSupergraph } from '@social/gateway';
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

  describe('declaredBreakingChanges', () => {
    it('reads coordinates only from lines marked BREAKING', () => {
      const declared = declaredBreakingChanges('- added `Status.poll`\n- BREAKING `Status.card`: removed\n* BREAKING `A.b` and `C.d`');
      expect([...declared].sort()).toEqual(['A.b', 'C.d', 'Status.card']);
    });
  });
});
