export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface ApiResponse<T = JsonObject> {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body; the raw text when the body is not JSON. */
  body: T;
  text: string;
}

/** A form value: arrays go Rails-style (`key[]=a&key[]=b`), objects nest (`poll[expires_in]=300`). */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };
export type FormFields = { [key: string]: FormValue };

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /** Appended to the path as a query string, Rails-style. */
  query?: FormFields;
}

export interface RawRequest extends RequestOptions {
  body?: string | Buffer | FormData;
  contentType?: string;
}

/** Flattens fields into Rails-style pairs: `a[]=1`, `poll[options][]=x`. Null and undefined are left out. */
export function formPairs(fields: FormFields, prefix = ''): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const add = (key: string, value: FormValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item);
    else if (typeof value === 'object') pairs.push(...formPairs(value, key));
    else pairs.push([key, String(value)]);
  };
  for (const [name, value] of Object.entries(fields)) add(prefix ? `${prefix}[${name}]` : name, value);
  return pairs;
}

export function encodeForm(fields: FormFields): string {
  return formPairs(fields)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * A small HTTP client for the REST API: every call resolves with the status,
 * the headers and the body (parsed when JSON), whatever the status.
 */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  get<T = JsonObject>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.send<T>('GET', path, options);
  }

  delete<T = JsonObject>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.send<T>('DELETE', path, options);
  }

  /** A POST with no body and no Content-Type (masto.js's action calls). */
  post<T = JsonObject>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.send<T>('POST', path, options);
  }

  postForm<T = JsonObject>(path: string, fields: FormFields, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.send<T>('POST', path, { ...options, body: encodeForm(fields), contentType: 'application/x-www-form-urlencoded' });
  }

  postJson<T = JsonObject>(path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.send<T>('POST', path, { ...options, body: JSON.stringify(body), contentType: 'application/json' });
  }

  /** multipart/form-data (fetch writes the boundary). */
  postMultipart<T = JsonObject>(path: string, fields: FormFields, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const form = new FormData();
    for (const [key, value] of formPairs(fields)) form.append(key, value);
    return this.send<T>('POST', path, { ...options, body: form });
  }

  /** The parameters in the query string and no body, as Ice Cubes registers its app. */
  postQuery<T = JsonObject>(path: string, fields: FormFields, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.send<T>('POST', path, { ...options, query: { ...options.query, ...fields } });
  }

  async send<T = JsonObject>(method: string, path: string, request: RawRequest = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
    if (request.contentType) headers['content-type'] = request.contentType;
    const query = request.query ? encodeForm(request.query) : '';
    const url = `${this.baseUrl}${path}${query ? (path.includes('?') ? '&' : '?') + query : ''}`;
    const response = await fetch(url, { method, headers, body: request.body, redirect: 'manual' });
    const text = await response.text();
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    return { status: response.status, headers: responseHeaders, body: parseBody(text, responseHeaders['content-type']) as T, text };
  }
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (!contentType || !/\bjson\b/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function client(baseUrl: string): ApiClient {
  return new ApiClient(baseUrl.replace(/\/+$/, ''));
}
