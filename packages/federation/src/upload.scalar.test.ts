import { parseValue } from 'graphql';
import { UploadScalar } from './upload.scalar';

const UPLOAD = 'a'.repeat(32);

describe('UploadScalar', () => {
  it('takes the staged reference the gateway and the facade send', () => {
    expect(UploadScalar.parseValue({ upload: UPLOAD, contentType: 'image/png', fileName: 'a.png' })).toEqual({ upload: UPLOAD, contentType: 'image/png', fileName: 'a.png' });
    expect(UploadScalar.parseValue({ upload: UPLOAD })).toEqual({ upload: UPLOAD, contentType: null, fileName: null });
  });

  it('takes the same reference written inline', () => {
    expect(UploadScalar.parseLiteral(parseValue(`{ upload: "${UPLOAD}", contentType: null }`))).toEqual({ upload: UPLOAD, contentType: null, fileName: null });
  });

  it.each([['a string', UPLOAD], ['null', null], ['no upload id', { contentType: 'image/png' }], ['an unknown key', { upload: UPLOAD, path: '/etc/passwd' }], ['a number as type', { upload: UPLOAD, contentType: 1 }]])(
    'refuses %s',
    (_what, value) => {
      expect(() => UploadScalar.parseValue(value)).toThrow(/Upload must be a file part of a multipart request/);
    },
  );

  it('is never sent back', () => {
    expect(() => UploadScalar.serialize({ upload: UPLOAD })).toThrow('Upload is an input-only type');
  });
});
