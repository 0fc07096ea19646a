import { claimsImage, sniffImageFormat } from './sniff';

describe('sniffImageFormat', () => {
  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
    ['GIF89a', [...Buffer.from('GIF89a')], 'gif'],
    ['WebP', [...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')], 'webp'],
    ['AVIF', [0, 0, 0, 28, ...Buffer.from('ftypavif')], 'avif'],
    ['HEIC', [0, 0, 0, 24, ...Buffer.from('ftypheic')], 'heic'],
  ])('recognises %s by its first bytes', (_name, bytes, format) => {
    expect(sniffImageFormat(Buffer.from(bytes))).toBe(format);
  });

  it.each([
    ['SVG (libvips reads it; uploads must not reach it)', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['PDF', '%PDF-1.7'],
    ['MP4 video', '\0\0\0\x18ftypmp42'],
    ['text', 'hello'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(sniffImageFormat(Buffer.from(text, 'latin1'))).toBeNull();
  });
});

describe('claimsImage', () => {
  it('believes an image content type or an image file name', () => {
    expect([claimsImage('image/png', 'blob'), claimsImage('application/octet-stream', 'IMG_1.JPG'), claimsImage('text/plain', 'notes.txt'), claimsImage(null, null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
