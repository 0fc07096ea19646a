import { idToString, parseId, snowflakeAt, snowflakeTime } from './ids.js';

describe('parseId', () => {
  describe('for a decimal string within 1..2^63-1', () => {
    it.each([
      ['1', 1n],
      ['42', 42n],
      ['115012345678901234', 115012345678901234n],
      ['9223372036854775807', 9223372036854775807n],
    ])('parses %p', (value, id) => {
      expect(parseId(value)).toBe(id);
    });

    it('keeps all 64 bits of a large snowflake, beyond Number precision', () => {
      expect(parseId('9007199254740993')).toBe(9007199254740993n);
    });
  });

  describe('for anything else', () => {
    it.each(['abc', '-1', '0', '9223372036854775808', '18446744073709551615', '1e3', ' 1', '1 ', '+1', '0x10', '1.0', '', '１'])(
      'refuses %p',
      (value) => {
        expect(parseId(value)).toBeNull();
      },
    );

    it.each([[1], [0], [115012345678901234n], [null], [undefined], [['1']], [{ id: '1' }]])('refuses the non-string %p', (value) => {
      expect(parseId(value)).toBeNull();
    });
  });

  describe('for the output of idToString', () => {
    it('gives back the same id', () => {
      expect(parseId(idToString(9223372036854775807n))).toBe(9223372036854775807n);
    });
  });
});

describe('snowflake time', () => {
  describe('for an id made by snowflakeAt', () => {
    it('snowflakeTime gives back the same instant', () => {
      const at = new Date('2026-08-08T11:34:47.196Z');
      expect(snowflakeTime(snowflakeAt(at))).toEqual(at);
    });
  });

  describe('for an id with a sequence tail', () => {
    it('snowflakeTime ignores the 16-bit tail', () => {
      const at = new Date('2026-08-08T11:34:47.196Z');
      expect(snowflakeTime(snowflakeAt(at) | 0xffffn)).toEqual(at);
    });

    it('snowflakeTime reads the upper 48 bits as Unix milliseconds, as Mastodon does', () => {
      expect(snowflakeTime(115012345678901234n).toISOString()).toBe('2025-08-11T21:52:02.297Z');
    });
  });

  describe('for a cursor made by snowflakeAt', () => {
    it('is the smallest id of its millisecond, above every id of the previous one', () => {
      const at = new Date('2026-08-08T11:34:47.196Z');
      expect(snowflakeAt(at) & 0xffffn).toBe(0n);
      expect(snowflakeAt(new Date(at.getTime() - 1)) | 0xffffn).toBeLessThan(snowflakeAt(at));
    });
  });
});
