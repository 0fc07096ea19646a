// Property-based: any query string or decoded body parses into Params without an
// unexpected throw (only HttpError, a 4xx), and every typed read answers its type or
// undefined, never a value of another shape (strong parameters: a wrong shape is absent).
import fc from 'fast-check';
import { parseQuery } from './body.js';
import { HttpError } from './errors.js';
import { Params } from './params.js';

const KEYS = ['status', 'limit', 'media_ids', 'poll', 'sensitive', 'a'];

function readsAreTyped(params: Params): boolean {
  for (const key of KEYS) {
    const text = params.string(key);
    if (text !== undefined && typeof text !== 'string') return false;
    const flag = params.boolean(key);
    if (flag !== undefined && typeof flag !== 'boolean') return false;
    const list = params.stringArray(key);
    if (list !== undefined && !(Array.isArray(list) && list.every((item) => typeof item === 'string'))) return false;
    const nested = params.nested(key);
    if (nested !== undefined && !(nested instanceof Params)) return false;
  }
  return true;
}

const queryText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...KEYS, 'media_ids[]', 'poll[options][]', 'poll[expires_in]', 'a[b][c]', 'a[]', '[]', 'a[', '__proto__', 'constructor[prototype]'), fc.string({ maxLength: 10 })),
        fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('%', '%zz', '%C3%28', '%00', '%F0%9F%98%80', '+', '&', '=')),
      ),
      { maxLength: 30 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&')),
);

describe('parsing any query or form', () => {
  it('throws nothing but a 4xx HttpError, and reads back typed values', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        let parsed: Record<string, unknown>;
        try {
          parsed = parseQuery(text);
        } catch (error) {
          return error instanceof HttpError && error.status >= 400 && error.status < 500;
        }
        return readsAreTyped(new Params(parsed)) && ({} as Record<string, unknown>).polluted === undefined;
      }),
      { numRuns: 3000 },
    );
  });

  it('reads any JSON body as typed values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...KEYS), fc.jsonValue({ maxDepth: 4 })), (body) => readsAreTyped(new Params(body as never))),
      { numRuns: 3000 },
    );
  });
});
