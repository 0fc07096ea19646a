// http_ece (the Encrypted Content-Encoding of RFC 8188, and the aesgcm draft Web Push used before RFC 8291) ships no types.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    privateKey?: ECDH;
    /** The sender's public key (aesgcm: Crypto-Key dh=). */
    dh?: string | Buffer;
    /** aesgcm: Encryption salt=. */
    salt?: string | Buffer;
    authSecret?: string | Buffer;
    rs?: number;
  }

  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
}
