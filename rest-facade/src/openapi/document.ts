import type { ParamType, Route, RouteScopes } from '../routes/route.js';
import { ENTITY_SCHEMAS } from './schemas.js';
import { arr, bool, int, ref, str, type Schema } from './schema-dsl.js';

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Operation['responses'][string]>; [key: string]: unknown };
  [key: string]: unknown;
};

export interface Operation {
  operationId: string;
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }>; $ref?: string }>;
  [key: string]: unknown;
}

const JSON_TYPE = 'application/json';
const ERROR = { description: 'An error: `{"error": "..."}` in Mastodon\'s wording.', content: { [JSON_TYPE]: { schema: ref('Error') } } };
/** The authorize pages answer their errors as pages too. */
const PAGE_ERROR = { description: 'An error, as a page or as `{"error": "..."}`.', content: { ...ERROR.content, 'text/html': { schema: str } } };
const errorRef = (name: 'Error' | 'PageError') => ({ $ref: `#/components/responses/${name}` });
const PAGE_PARAMS: Record<string, ParamType> = { max_id: 'string', since_id: 'string', min_id: 'string', limit: 'integer' };
/** Scopes clients may ask for beyond those the routes name (Mastodon's list). */
const BASE_SCOPES = ['read', 'write', 'follow', 'push', 'profile'];

/** `/api/v1/statuses/:id` as OpenAPI writes it: `/api/v1/statuses/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** `post /api/v1/statuses/:id/favourite` -> `postApiV1StatusesIdFavourite`. */
function operationId(route: Route): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return route.method + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

function paramSchema(type: ParamType): Schema {
  switch (type.replace(/!$/, '')) {
    case 'integer':
      return int;
    case 'boolean':
      return bool;
    case 'string[]':
      return arr(str);
    case 'object':
      return { type: 'object' };
    case 'file':
      return { type: 'string', format: 'binary' };
    default:
      return str;
  }
}

function bodySchema(route: Route): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(route.doc?.params ?? {}).map(([name, type]) => [name, paramSchema(type)])),
    required: Object.entries(route.doc?.params ?? {}).filter(([, type]) => type.endsWith('!')).map(([name]) => name),
  };
}

function security(scopes: RouteScopes): Record<string, string[]>[] {
  if (scopes === 'none') return [];
  if ('public' in scopes) return [{}, ...scopes.public.map((scope) => ({ OAuth2: [scope] }))];
  if (scopes.required === 'any') return [{ OAuth2: [] }];
  return scopes.required.map((scope) => ({ OAuth2: [scope] }));
}

function scopesNote(scopes: RouteScopes): string {
  if (scopes === 'none') return 'No token.';
  if ('public' in scopes) return `Public; a token given must carry one of: ${scopes.public.join(', ')}.`;
  const who = scopes.as === 'user' ? ' A user token (an app token gets 422).' : scopes.as === 'app' ? ' An app (client credentials) token.' : '';
  if (scopes.required === 'any') return `Any valid token.${who}`;
  return `A token with one of: ${scopes.required.join(', ')}.${who}`;
}

function successResponse(route: Route): Operation['responses'][string] {
  const responds = route.doc?.responds;
  if (responds === 'html') return { description: 'An HTML page.', content: { 'text/html': { schema: str } } };
  if (responds === 'xrd') return { description: 'An XRD document (XML).', content: { 'application/xrd+xml': { schema: str } } };
  if (responds === 'redirect') return { description: 'A redirect (Location header).' };
  const schema = responds === undefined ? {} : typeof responds === 'string' ? ref(responds) : arr(ref(responds[0]));
  return { description: responds === undefined ? 'Success (undocumented body).' : 'Success.', content: { [JSON_TYPE]: { schema } } };
}

function operation(route: Route): Operation {
  const doc = route.doc;
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: str }));
  const inQuery = route.method === 'get' || route.method === 'delete';
  const declared = { ...(doc?.paged ? PAGE_PARAMS : {}), ...(doc?.params ?? {}) };
  const queryParams = inQuery
    ? Object.entries(declared).map(([name, type]) => ({ name: type.startsWith('string[]') ? `${name}[]` : name, in: 'query', required: type.endsWith('!'), schema: paramSchema(type) }))
    : [];
  const hasFile = Object.values(declared).some((type) => type.startsWith('file'));
  const result: Operation = {
    operationId: operationId(route),
    summary: doc?.summary ?? `${route.method.toUpperCase()} ${route.path}`,
    description: scopesNote(route.scopes) + (doc?.paged ? ' Paged: the Link header holds the next and previous pages.' : ''),
    tags: [route.path.split('/').filter((part) => part && part !== 'api' && !/^v\d$/.test(part))[0] ?? 'root'],
    security: security(route.scopes),
    // Whose token the route needs (a user's, or an app's own), which OAuth2 security cannot say.
    ...(typeof route.scopes === 'object' && 'required' in route.scopes && route.scopes.as ? { 'x-token-owner': route.scopes.as } : {}),
    parameters: [...pathParams, ...queryParams],
    responses: {
      ...Object.fromEntries([doc?.status ?? 200].flat().map((status) => [String(status), successResponse(route)])),
      // The authorize flow's pages and form posts answer their errors as pages.
      '4XX': errorRef(doc?.responds === 'html' || doc?.responds === 'redirect' ? 'PageError' : 'Error'),
      '5XX': errorRef('Error'),
    },
  };
  if (!inQuery && Object.keys(declared).length > 0) {
    const schema = bodySchema(route);
    result.requestBody = {
      content: hasFile
        ? { 'multipart/form-data': { schema } }
        : { 'application/x-www-form-urlencoded': { schema }, [JSON_TYPE]: { schema }, 'multipart/form-data': { schema } },
    };
  }
  return result;
}

/** The OpenAPI 3.1 document of the given route table. Deterministic: the committed copy is compared with it. */
export function buildOpenApiDocument(routes: readonly Route[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const entry = (paths[openApiPath(route.path)] ??= {});
    entry[route.method] = operation(route);
  }
  const scopes = new Set(BASE_SCOPES);
  for (const route of routes) {
    if (route.scopes === 'none') continue;
    const named = 'public' in route.scopes ? route.scopes.public : route.scopes.required === 'any' ? [] : route.scopes.required;
    for (const scope of named) scopes.add(scope);
  }
  const scopeMap = Object.fromEntries([...scopes].sort().map((scope) => [scope, `Mastodon's ${scope} scope.`]));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Social Federation REST API',
      version: '0.1.0',
      description:
        "Mastodon's client API as this server answers it. Generated from the REST facade's route table " +
        '(rest-facade/src/routes) by `npm run openapi`; served at GET /api/openapi.json.',
    },
    paths,
    components: {
      schemas: ENTITY_SCHEMAS,
      responses: { Error: ERROR, PageError: PAGE_ERROR },
      securitySchemes: {
        OAuth2: {
          type: 'oauth2',
          description: 'Bearer tokens from /oauth/token (or the access_token parameter).',
          flows: {
            authorizationCode: { authorizationUrl: '/oauth/authorize', tokenUrl: '/oauth/token', scopes: scopeMap },
            clientCredentials: { tokenUrl: '/oauth/token', scopes: scopeMap },
          },
        },
      },
    },
  };
}
