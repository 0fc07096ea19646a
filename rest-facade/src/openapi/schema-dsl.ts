/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it). */
export type Schema = { [keyword: string]: unknown };

export const str: Schema = { type: 'string' };
export const int: Schema = { type: 'integer' };
export const num: Schema = { type: 'number' };
export const bool: Schema = { type: 'boolean' };
/** An ISO 8601 timestamp. */
export const dateTime: Schema = { type: 'string', format: 'date-time' };
/** Mastodon's ids: strings of digits, never numbers. */
export const id: Schema = { type: 'string', pattern: '^\\d+$' };

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const arr = (items: Schema): Schema => ({ type: 'array', items });
export const oneOfValues = (...values: string[]): Schema => ({ type: 'string', enum: values });

/** The schema, or null. */
export function nullable(schema: Schema): Schema {
  if (typeof schema.type === 'string' && !schema.$ref && !schema.enum) return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * An object whose `required` keys are always present and `optional` ones
 * sometimes (viewer flags, `suspended`...). Other keys are allowed, so a
 * field added later does not break clients validating against an older copy.
 */
export function obj(required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema {
  return { type: 'object', properties: { ...required, ...optional }, required: Object.keys(required) };
}
