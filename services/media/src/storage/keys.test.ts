import { idPartition, mediaFileKey, plainExtension, stagingKey } from './keys';

describe('storage keys', () => {
  it("partitions ids as Mastodon's paperclip does", () => {
    expect(idPartition(115012345678901234n)).toBe('115/012/345/678/901/234');
    expect(idPartition(42n)).toBe('000/000/042');
    expect(mediaFileKey(115012345678901234n, 'small', '0123456789abcdef', 'png')).toBe('media_attachments/files/115/012/345/678/901/234/small/0123456789abcdef.png');
  });

  it('names staged uploads only by a 32-hex id, so no path can be smuggled in', () => {
    expect(stagingKey('0123456789abcdef0123456789abcdef')).toBe('uploads/0123456789abcdef0123456789abcdef');
    expect([stagingKey('../media_attachments/x'), stagingKey(''), stagingKey('0123456789ABCDEF0123456789ABCDEF')]).toEqual([null, null, null]);
  });

  it('keeps a plain extension of an unknown file, else bin', () => {
    expect([plainExtension('notes.TXT'), plainExtension('blob'), plainExtension('x.tar.gz'), plainExtension('evil.p h p'), plainExtension(null)]).toEqual(['txt', 'bin', 'gz', 'bin', 'bin']);
  });
});
