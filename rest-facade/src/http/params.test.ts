import type { Request } from 'express';
import { Params } from './params.js';

/** Just the parts of an express Request that Params.of reads. */
function request(parts: { query?: unknown; body?: unknown; params?: Record<string, string> }): Request {
  return { query: parts.query ?? {}, body: parts.body, params: parts.params ?? {} } as unknown as Request;
}

describe('Params', () => {
  describe('boolean', () => {
    describe("for a value in Rails' false set", () => {
      it.each(['false', '0', 'f', 'F', 'FALSE', 'off', 'OFF'])('reads %p as false', (value) => {
        expect(new Params({ sensitive: value }).boolean('sensitive')).toBe(false);
      });

      it('reads JSON false and 0 as false', () => {
        expect(new Params({ a: false, b: 0 }).boolean('a')).toBe(false);
        expect(new Params({ a: false, b: 0 }).boolean('b')).toBe(false);
      });
    });

    describe('for any other non-blank value', () => {
      it.each(['true', '1', 't', 'T', 'TRUE', 'on', 'yes', 'no', 'False', 'Off', 'nil'])('reads %p as true', (value) => {
        expect(new Params({ sensitive: value }).boolean('sensitive')).toBe(true);
      });

      it('reads JSON true and other numbers as true', () => {
        expect(new Params({ a: true, b: 2 }).boolean('a')).toBe(true);
        expect(new Params({ a: true, b: 2 }).boolean('b')).toBe(true);
      });
    });

    describe('for a blank or missing value', () => {
      it.each(['', '   '])('reads %p as undefined', (value) => {
        expect(new Params({ sensitive: value }).boolean('sensitive')).toBeUndefined();
      });

      it('reads a missing or null parameter as undefined', () => {
        expect(new Params({ other: 'true', nothing: null }).boolean('sensitive')).toBeUndefined();
        expect(new Params({ other: 'true', nothing: null }).boolean('nothing')).toBeUndefined();
      });
    });

    describe('for a value of the wrong shape', () => {
      it('reads an object or an array as undefined', () => {
        const params = new Params({ obj: { a: 'true' }, arr: ['true'] });
        expect(params.boolean('obj')).toBeUndefined();
        expect(params.boolean('arr')).toBeUndefined();
      });
    });
  });

  describe('string', () => {
    describe('for a scalar', () => {
      it('gives a string as it is, blank included', () => {
        expect(new Params({ status: 'hello' }).string('status')).toBe('hello');
        expect(new Params({ status: '' }).string('status')).toBe('');
      });

      it('gives a JSON number or boolean as its text', () => {
        expect(new Params({ limit: 40 }).string('limit')).toBe('40');
        expect(new Params({ sensitive: true }).string('sensitive')).toBe('true');
      });
    });

    describe('for a value of the wrong shape (strong parameters)', () => {
      it('treats an object as absent', () => {
        expect(new Params({ status: { text: 'hello' } }).string('status')).toBeUndefined();
      });

      it('treats an array as absent', () => {
        expect(new Params({ status: ['hello'] }).string('status')).toBeUndefined();
      });

      it('treats null as absent', () => {
        expect(new Params({ status: null }).string('status')).toBeUndefined();
      });
    });
  });

  describe('stringArray', () => {
    describe('for a Rails-style `name[]` array', () => {
      it('gives the elements when qs has already folded the brackets', () => {
        expect(new Params({ media_ids: ['1', '2'] }).stringArray('media_ids')).toEqual(['1', '2']);
      });

      it('gives the elements under the raw `name[]` key', () => {
        expect(new Params({ 'media_ids[]': ['1', '2'] }).stringArray('media_ids')).toEqual(['1', '2']);
      });

      it('gives a one-element array for a single raw `name[]` value', () => {
        expect(new Params({ 'media_ids[]': '1' }).stringArray('media_ids')).toEqual(['1']);
      });

      it('gives the values of an indexed form (`name[0]=`) in order', () => {
        expect(new Params({ media_ids: { 0: '1', 1: '2' } }).stringArray('media_ids')).toEqual(['1', '2']);
      });
    });

    describe('for a JSON array', () => {
      it('gives numbers as strings', () => {
        expect(new Params({ media_ids: [12, '2'] }).stringArray('media_ids')).toEqual(['12', '2']);
      });

      it('drops elements that are objects, arrays or null', () => {
        expect(new Params({ media_ids: ['1', { id: '2' }, ['3'], null, '4'] }).stringArray('media_ids')).toEqual(['1', '4']);
      });
    });

    describe('for a single string', () => {
      it('gives a one-element array', () => {
        expect(new Params({ redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' }).stringArray('redirect_uris')).toEqual([
          'urn:ietf:wg:oauth:2.0:oob',
        ]);
      });
    });

    describe('for a missing parameter', () => {
      it('gives undefined', () => {
        expect(new Params({}).stringArray('media_ids')).toBeUndefined();
      });
    });
  });

  describe('has', () => {
    it('is true for a blank string and false for null or a missing key', () => {
      const params = new Params({ blank: '', nothing: null });
      expect([params.has('blank'), params.has('nothing'), params.has('missing')]).toEqual([true, false, false]);
    });
  });

  describe('nested', () => {
    describe('for an object', () => {
      it('reads its fields with the same rules', () => {
        const poll = new Params({ poll: { options: ['a', 'b'], expires_in: '300', multiple: '0' } }).nested('poll');
        expect(poll?.stringArray('options')).toEqual(['a', 'b']);
        expect(poll?.string('expires_in')).toBe('300');
        expect(poll?.boolean('multiple')).toBe(false);
      });
    });

    describe('for an array or a scalar', () => {
      it('gives undefined', () => {
        const params = new Params({ a: ['x'], b: 'x' });
        expect(params.nested('a')).toBeUndefined();
        expect(params.nested('b')).toBeUndefined();
      });
    });
  });

  describe('objectList', () => {
    const names = (list: Params[] | undefined) => list?.map((entry) => entry.string('name'));

    it('reads an indexed hash in index order (fields_attributes[10] after [2])', () => {
      expect(names(new Params({ f: { '10': { name: 'c' }, '2': { name: 'b' }, '0': { name: 'a' } } }).objectList('f'))).toEqual(['a', 'b', 'c']);
    });

    it('reads an array of objects, leaving out entries that are not objects', () => {
      expect(names(new Params({ f: [{ name: 'a' }, 'x', ['y'], null, { name: 'b' }] }).objectList('f'))).toEqual(['a', 'b']);
    });

    it('gives undefined for a scalar or nothing', () => {
      expect([new Params({ f: 'x' }).objectList('f'), new Params({}).objectList('f')]).toEqual([undefined, undefined]);
    });
  });

  describe('of (a request)', () => {
    describe('when parameters come in the query string only', () => {
      it('reads them, as for Ice Cubes posting its app registration in the query', () => {
        const params = Params.of(request({ query: { client_name: 'Ice Cubes', redirect_uris: 'icecubesapp://' } }));
        expect(params.string('client_name')).toBe('Ice Cubes');
        expect(params.stringArray('redirect_uris')).toEqual(['icecubesapp://']);
      });
    });

    describe('when parameters come in the query string and the body', () => {
      it('reads keys from both', () => {
        const params = Params.of(request({ query: { visibility: 'unlisted' }, body: { status: 'hi' } }));
        expect([params.string('visibility'), params.string('status')]).toEqual(['unlisted', 'hi']);
      });

      // Rails: request_parameters.merge(query_parameters), so the query string wins.
      it("takes the query string's value over the body's for the same key", () => {
        const params = Params.of(request({ query: { status: 'from query' }, body: { status: 'from body' } }));
        expect(params.string('status')).toBe('from query');
      });
    });

    describe('when a path parameter shares a name with a query or body key', () => {
      it('takes the path parameter', () => {
        const params = Params.of(request({ query: { id: '1' }, body: { id: '2' }, params: { id: '3' } }));
        expect(params.string('id')).toBe('3');
      });
    });

    describe('when the body is not an object', () => {
      it.each([
        ['missing', undefined],
        ['a JSON array', ['status', 'hi']],
        ['a string', 'status=hi'],
      ])('reads only the query string when it is %s', (_kind, body) => {
        const params = Params.of(request({ query: { limit: '20' }, body }));
        expect(params.string('limit')).toBe('20');
        expect(params.has('status')).toBe(false);
        expect(params.has('0')).toBe(false);
      });
    });
  });
});
