import { routes } from '../routes/index.js';
import { buildOpenApiDocument, openApiPath } from './document.js';

const document = buildOpenApiDocument(routes);

describe('the OpenAPI document', () => {
  it('has an operation for every route of the table, each documented', () => {
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method];
      expect(operation).toBeDefined();
      // A route without `doc` would be listed with an unchecked body: declare it (routes/route.ts, RouteDoc).
      expect({ route: `${route.method} ${route.path}`, documented: route.doc !== undefined }).toEqual({ route: `${route.method} ${route.path}`, documented: true });
    }
    const count = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    expect(count).toBe(routes.length);
  });

  it('names only schemas it defines', () => {
    const refs = JSON.stringify(document).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of new Set(refs)) expect(Object.keys(document.components.schemas)).toContain(ref.split('/').pop());
  });

  it('declares scopes as OAuth2 requirements, path parameters and the error body', () => {
    const favourite = document.paths['/api/v1/statuses/{id}/favourite']?.post;
    expect(favourite?.security).toEqual([{ OAuth2: ['write'] }, { OAuth2: ['write:favourites'] }]);
    expect(favourite?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(favourite?.responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Status' });
    expect(favourite?.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
    expect(document.components.responses.Error?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
    // Public routes take a token optionally: the empty requirement.
    expect(document.paths['/api/v1/statuses/{id}']?.get?.security).toEqual([{}, { OAuth2: ['read'] }, { OAuth2: ['read:statuses'] }]);
    expect(document.paths['/api/v1/instance']?.get?.security).toEqual([]);
    expect(document.components.schemas.Error).toMatchObject({ required: ['error'], properties: { error: { type: 'string' } } });
  });
});
