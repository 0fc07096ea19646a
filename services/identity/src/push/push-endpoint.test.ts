import { createECDH } from 'node:crypto';
import { endpointProblem, isP256Point, readKey } from './push-endpoint';

describe('endpointProblem', () => {
  it('takes an https URL', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc:def', false)).toBeNull();
    expect(endpointProblem('https://[2001:4860::1]/push', false)).toBeNull();
  });

  it.each([
    ['', 'blank'],
    ['   ', 'blank'],
    ['not a url', 'invalid'],
    ['http://push.example/x', 'invalid'],
    ['ftp://push.example/x', 'invalid'],
    ['https://user:pass@push.example/x', 'invalid'],
    ['https://127.0.0.1/x', 'invalid'],
    ['https://10.1.2.3/x', 'invalid'],
    ['https://[::1]/x', 'invalid'],
    ['https://localhost/x', 'invalid'],
    [`https://push.example/${'a'.repeat(2048)}`, 'invalid'],
  ])('refuses %j as %s', (endpoint, problem) => {
    expect(endpointProblem(endpoint, false)).toBe(problem);
  });

  it('takes plain http and non-public addresses only when allowed (PUSH_ENDPOINT_ALLOW_PRIVATE)', () => {
    expect(endpointProblem('http://127.0.0.1:8080/push', true)).toBeNull();
    expect(endpointProblem('https://localhost/x', true)).toBeNull();
    expect(endpointProblem('ftp://127.0.0.1/x', true)).toBe('invalid');
  });
});

describe('readKey and isP256Point', () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const point = ecdh.getPublicKey();

  it('reads base64url and padded base64 alike', () => {
    expect(readKey(point.toString('base64url'))).toEqual(point);
    expect(readKey(point.toString('base64'))).toEqual(point);
    expect(readKey('not base64!')).toBeNull();
  });

  it('knows a point of the curve from 65 other bytes', () => {
    expect(isP256Point(point)).toBe(true);
    const off = Buffer.from(point);
    off[64] ^= 1;
    expect(isP256Point(off)).toBe(false);
    expect(isP256Point(point.subarray(0, 33))).toBe(false);
  });
});
