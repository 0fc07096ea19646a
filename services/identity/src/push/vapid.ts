import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { VapidKeys } from '../config.js';
import type { ServerKeyData } from './server-key.data.js';

/**
 * The VAPID key pair (docs/api/push.md#vapid-keys): the configured one, or
 * the one the first process to need it generated and kept in the database,
 * so every process signs with the same key and clients' subscriptions
 * survive restarts. Read once per process, at first use (building the schema
 * touches no database).
 */
export class VapidKeyring {
  private pending: Promise<{ keys: VapidKeys; seal: TokenSeal }> | null = null;

  constructor(
    private readonly configured: VapidKeys | null,
    private readonly data: ServerKeyData,
  ) {}

  async keys(): Promise<VapidKeys> {
    return (await this.settled()).keys;
  }

  async publicKey(): Promise<string> {
    return (await this.settled()).keys.publicKey;
  }

  /** The seal of subscriptions' access tokens, under this pair. */
  async seal(): Promise<TokenSeal> {
    return (await this.settled()).seal;
  }

  private settled(): Promise<{ keys: VapidKeys; seal: TokenSeal }> {
    this.pending ??= (this.configured ? Promise.resolve(this.configured) : this.data.keep('vapid', webpush.generateVAPIDKeys()))
      .then((keys) => ({ keys, seal: new TokenSeal(keys) }))
      .catch((error: unknown) => {
        // A database that was down: the next use tries again.
        this.pending = null;
        throw error;
      });
    return this.pending;
  }
}

/**
 * Seals and opens the access tokens subscriptions keep for their pushes'
 * access_token (tokens themselves are stored only hashed): AES-256-GCM under
 * a key derived from the VAPID private key, so a copy of the database alone
 * does not give them away when the pair is configured rather than stored.
 */
export class TokenSeal {
  private readonly key: Buffer;

  constructor(vapid: VapidKeys) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(vapid.privateKey, 'base64url'), Buffer.alloc(0), 'web push access token', 32));
  }

  seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /** Null when it was sealed under another key (the VAPID pair changed) or is damaged. */
  open(sealed: string): string | null {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
