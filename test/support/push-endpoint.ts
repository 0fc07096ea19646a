// A Web Push service on this machine's loopback, for the delivery tests (docs/api/push.md#delivery):
// a real node:http server that records every POST, answers with the statuses a test queues, and
// decrypts and checks what it received as a browser's push service and the browser would:
// the VAPID JWT (RFC 8292, ES256 over the server's key) and the body (RFC 8291 aes128gcm, or the
// aesgcm draft Mastodon sends by default), with a P-256 key pair and auth secret made here.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's (or app's) side of one subscription: its push URL and keys. */
export interface PushDevice {
  endpoint: string;
  path: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export class PushEndpoint {
  readonly received: ReceivedPush[] = [];
  private readonly answers = new Map<string, number[]>();
  private devices = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushEndpoint> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = new PushEndpoint(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        endpoint.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const status = endpoint.answers.get(path)?.shift() ?? 201;
        res.writeHead(status).end();
      });
    });
    return endpoint;
  }

  /** A new device: its own path, a fresh P-256 key pair and a 16-byte auth secret. */
  device(): PushDevice {
    this.devices += 1;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const path = `/push/device-${this.devices}`;
    return { endpoint: `${this.origin}${path}`, path, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') }, ecdh };
  }

  /** The next requests to `path` are answered with these statuses, in order (then 201). */
  answer(path: string, ...statuses: number[]): void {
    this.answers.set(path, [...(this.answers.get(path) ?? []), ...statuses]);
  }

  pushesTo(device: PushDevice): ReceivedPush[] {
    return this.received.filter((push) => push.path === device.path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The decrypted JSON of a push, by the encoding its Content-Encoding names. */
export function decryptPush(push: ReceivedPush, device: PushDevice): Record<string, unknown> {
  const encoding = push.headers['content-encoding'];
  if (encoding === 'aes128gcm') {
    return JSON.parse(decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.keys.auth }).toString('utf8')) as Record<string, unknown>;
  }
  if (encoding !== 'aesgcm') throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
  const salt = /(?:^|;)\s*salt=([\w-]+)/.exec(String(push.headers.encryption))?.[1];
  const dh = /(?:^|;)\s*dh=([\w-]+)/.exec(String(push.headers['crypto-key']))?.[1];
  if (!salt || !dh) throw new Error(`aesgcm without salt or dh: ${JSON.stringify(push.headers)}`);
  return JSON.parse(decrypt(push.body, { version: 'aesgcm', privateKey: device.ecdh, dh, salt, authSecret: device.keys.auth }).toString('utf8')) as Record<string, unknown>;
}

/**
 * The VAPID JWT of a push and the public key it names, its ES256 signature
 * checked against `serverKey` (the subscription's server_key): RFC 8292's
 * `vapid t=, k=` for aes128gcm, the draft's `WebPush` plus Crypto-Key's
 * p256ecdsa for aesgcm.
 */
export function verifyVapid(push: ReceivedPush, serverKey: string): VapidClaims {
  const authorization = String(push.headers.authorization);
  const standard = /^vapid t=([\w.-]+),\s*k=([\w-]+)$/.exec(authorization);
  const draft = /^WebPush ([\w.-]+)$/.exec(authorization);
  const jwt = standard?.[1] ?? draft?.[1];
  const key = standard?.[2] ?? /p256ecdsa=([\w-]+)/.exec(String(push.headers['crypto-key']))?.[1];
  if (!jwt || key !== serverKey) throw new Error(`no VAPID signature by ${serverKey}: ${authorization} / ${String(push.headers['crypto-key'])}`);
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(serverKey, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the VAPID JWT signature does not verify against server_key');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))).toEqual({ typ: 'JWT', alg: 'ES256' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as VapidClaims;
}
