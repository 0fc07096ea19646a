// GET /api/openapi.json: the OpenAPI document of the REST API, open to anyone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from '../support/server';
import { describeOnAnyOneTarget } from '../support/targets';

const committed = JSON.parse(readFileSync(path.resolve(__dirname, '../../rest-facade/openapi.json'), 'utf8')) as Record<string, unknown>;

describeOnAnyOneTarget('GET /api/openapi.json', () => {
  it('answers 200 with the committed OpenAPI 3.1 document, without a token', async () => {
    const response = await api.get<Record<string, unknown>>('/api/openapi.json');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body).toEqual(committed);
  });

  it('describes the routes with their scopes and the error body', async () => {
    const document = (await api.get<{ paths: Record<string, Record<string, { security: unknown }>>; components: { schemas: Record<string, unknown> } }>('/api/openapi.json')).body;

    expect(document.paths['/api/v1/statuses']?.post?.security).toEqual([{ OAuth2: ['write'] }, { OAuth2: ['write:statuses'] }]);
    expect(document.components.schemas.Error).toMatchObject({ type: 'object', required: ['error'] });
  });
});
