import { hashPassword, hashSecret, newSecret, secretMatches, verifyPassword } from './secrets.js';

describe('secrets', () => {
  describe('a new secret', () => {
    it('is 43 URL-safe base64 characters', () => {
      expect(newSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('decodes to 32 random bytes', () => {
      expect(Buffer.from(newSecret(), 'base64url')).toHaveLength(32);
    });

    it('differs from the previous one', () => {
      const secrets = new Set(Array.from({ length: 50 }, () => newSecret()));
      expect(secrets.size).toBe(50);
    });
  });

  describe('a secret checked against its stored hash', () => {
    it('matches the same secret', () => {
      const secret = newSecret();
      expect(secretMatches(secret, hashSecret(secret))).toBe(true);
    });

    it('does not match a different secret', () => {
      expect(secretMatches(newSecret(), hashSecret(newSecret()))).toBe(false);
    });

    it('does not match a secret that differs in its last character', () => {
      const secret = newSecret();
      const other = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
      expect(secretMatches(other, hashSecret(secret))).toBe(false);
    });

    it('does not match, and does not throw, when the stored hash is malformed', () => {
      const secret = newSecret();
      expect(secretMatches(secret, 'not-a-hex-digest')).toBe(false);
      expect(secretMatches(secret, '')).toBe(false);
    });
  });

  describe('the stored hash of a secret', () => {
    it('is a 64-character hex sha256 that does not contain the secret', () => {
      const secret = newSecret();
      const hash = hashSecret(secret);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toContain(secret);
    });
  });

  describe('a password checked against its stored hash', () => {
    let stored: string;

    beforeAll(async () => {
      stored = await hashPassword('correct horse battery staple');
    });

    it('verifies the same password', async () => {
      await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    });

    it('refuses a wrong password', async () => {
      await expect(verifyPassword('correct horse battery stapler', stored)).resolves.toBe(false);
    });

    it('refuses the empty password', async () => {
      await expect(verifyPassword('', stored)).resolves.toBe(false);
    });

    it('is stored as scrypt with its parameters and a salt, never the password', () => {
      expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(stored).not.toContain('correct horse');
    });

    it('is salted: the same password hashes differently twice', async () => {
      const again = await hashPassword('correct horse battery staple');
      expect(again).not.toBe(stored);
      await expect(verifyPassword('correct horse battery staple', again)).resolves.toBe(true);
    });
  });

  describe('a password checked against a hash of another scheme', () => {
    it('is refused', async () => {
      await expect(verifyPassword('secret', '$2a$10$abcdefghijklmnopqrstuu5Q8JgS0t5h1z1z1z1z1z1z1z1z1z1z1')).resolves.toBe(false);
      await expect(verifyPassword('secret', '')).resolves.toBe(false);
    });
  });
});
