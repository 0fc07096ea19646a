import type { Request } from 'express';

type Raw = Record<string, unknown>;

/** Rails' false set; any other non-blank value is true (docs/api/conventions.md#booleans). */
const FALSE_VALUES = new Set(['false', '0', 'f', 'F', 'FALSE', 'off', 'OFF']);

/**
 * A request's parameters: body (JSON, form or multipart), then the query
 * string over it, then the path (Rails' precedence), read with Rails' strong-parameter semantics: a value of
 * the wrong shape (an object where a string is expected) counts as absent.
 */
export class Params {
  constructor(private readonly raw: Raw) {}

  static of(req: Request): Params {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Raw) : {};
    return new Params({ ...body, ...(req.query as Raw), ...(req.params as Raw) });
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined && this.raw[name] !== null;
  }

  /** Sent as an explicit null (JSON): Mastodon's clients say "none" that way. */
  isNull(name: string): boolean {
    return Object.hasOwn(this.raw, name) && this.raw[name] === null;
  }

  /** A scalar as a string; numbers and booleans as their text. */
  string(name: string): string | undefined {
    const value = this.raw[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return undefined;
  }

  boolean(name: string): boolean | undefined {
    const value = this.raw[name];
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return value !== 0;
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    return !FALSE_VALUES.has(value.trim());
  }

  /** `name[]=a&name[]=b`, a JSON array, or (leniently) one string. */
  stringArray(name: string): string[] | undefined {
    const value = this.raw[name] ?? this.raw[`${name}[]`];
    if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
    if (value && typeof value === 'object') return Object.values(value as Raw).filter((v) => typeof v === 'string').map(String);
    if (typeof value === 'string') return [value];
    return undefined;
  }

  /**
   * A list of nested objects, in order: `name[][key]=`, a JSON array, or
   * Rails' indexed hash (`name[0][key]=`, JSON `{"0": {...}}`), ordered by
   * index. Entries that are not objects are left out.
   */
  objectList(name: string): Params[] | undefined {
    const value = this.raw[name];
    if (!value || typeof value !== 'object') return undefined;
    const entries = Array.isArray(value)
      ? (value as unknown[])
      : Object.entries(value as Raw).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b)).map(([, entry]) => entry);
    return entries.filter((entry): entry is Raw => Boolean(entry) && typeof entry === 'object' && !Array.isArray(entry)).map((entry) => new Params(entry));
  }

  /** A nested object (`poll[options][]=a` or JSON `{"poll":{...}}`). */
  nested(name: string): Params | undefined {
    const value = this.raw[name];
    return value && typeof value === 'object' && !Array.isArray(value) ? new Params(value as Raw) : undefined;
  }
}

/** A named path segment (`:id`): one string, as the route's path declares it (Express types allow arrays for wildcards only). */
export function pathParam(req: Request, name: string): string {
  return String(req.params[name]);
}
