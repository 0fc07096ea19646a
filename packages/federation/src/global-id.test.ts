import { decodeGlobalId, encodeGlobalId } from './global-id.js';

describe('global ids', () => {
  it('encode Type:id as unpadded base64url', () => {
    expect(encodeGlobalId('Status', '110')).toBe('U3RhdHVzOjExMA');
  });

  it.each([
    ['Status', '110'],
    ['Account', '1'],
    ['MediaAttachment', '9223372036854775807'],
  ])('round-trip %s:%s', (type, id) => {
    expect(decodeGlobalId(encodeGlobalId(type, id))).toEqual({ type, id });
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'U3RhdHVzOjExMA=='],
    ['standard base64 characters', 'a+b/'],
    ['no separator', Buffer.from('Status110').toString('base64url')],
    ['no type', Buffer.from(':110').toString('base64url')],
    ['a non-numeric id', Buffer.from('Status:abc').toString('base64url')],
    ['a leading zero', Buffer.from('Status:0110').toString('base64url')],
    ['a negative id', Buffer.from('Status:-1').toString('base64url')],
    ['a lower-case type', Buffer.from('status:110').toString('base64url')],
    ['extra parts', Buffer.from('Status:110:1').toString('base64url')],
    ['a Mastodon id as is', '110'],
    ['a non-canonical spelling (stray trailing bits)', 'U3RhdHVzOjExMB'],
    ['too long', 'A'.repeat(81)],
  ])('decode %s to null', (_name, globalId) => {
    expect(decodeGlobalId(globalId)).toBeNull();
  });
});
