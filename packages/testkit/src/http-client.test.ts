import { encodeForm, formPairs } from './http-client';
import { parseEnvList } from './targets';

describe('form fields sent as Rails parameters', () => {
  it('writes arrays Rails-style and nests objects with brackets, leaving out null and undefined', () => {
    expect(formPairs({ status: 'hi', media_ids: ['1', '2'], poll: { options: ['a', 'b'], expires_in: 300 }, gone: null, absent: undefined })).toEqual([
      ['status', 'hi'],
      ['media_ids[]', '1'],
      ['media_ids[]', '2'],
      ['poll[options][]', 'a'],
      ['poll[options][]', 'b'],
      ['poll[expires_in]', '300'],
    ]);
  });
});

describe('a urlencoded form body', () => {
  it('percent-encodes keys and values', () => {
    expect(encodeForm({ 'redirect_uris[]': 'urn:ietf:wg:oauth:2.0:oob', text: 'a b&c' })).toBe(
      'redirect_uris%5B%5D=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&text=a%20b%26c',
    );
  });
});

describe('extra server settings from E2E_SERVER_ENV', () => {
  it('reads KEY=value pairs separated by spaces, values keeping their = signs', () => {
    expect(parseEnvList('A=1  B=x=y\nC=')).toEqual({ A: '1', B: 'x=y', C: '' });
  });

  it('rejects a pair without =', () => {
    expect(() => parseEnvList('NOPE')).toThrow('expected KEY=value');
  });
});
