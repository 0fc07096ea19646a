import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from '@social/outbound';
import webpush from 'web-push';
import type { VapidKeys } from '../config.js';

/** How long a push service has to answer before the push is retried. */
const SEND_TIMEOUT_MS = 15_000;
/** Mastodon's: a push waits up to 48 hours for a device that is offline. */
const TTL_SECONDS = 48 * 60 * 60;

export interface PushRecipient {
  endpoint: string;
  keyP256dh: string;
  keyAuth: string;
  /** RFC 8291 aes128gcm; false: the aesgcm draft (Mastodon's default). */
  standard: boolean;
}

/**
 * The VAPID `sub` claim: the server's https URL, as Mastodon sends, for the
 * push service's operators to reach. The web-push library takes only https
 * and mailto subjects, and warns of localhost ones.
 */
export function vapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.hostname === 'localhost' ? 'mailto:postmaster@localhost' : `https://${url.host}`;
}

/**
 * Encrypts `message` for the recipient and POSTs it to its push service,
 * VAPID-signed (docs/api/push.md#delivery); resolves to the HTTP status.
 * Redirects are not followed; a name resolving to a non-public address is
 * refused (RefusedUrlError) unless `allowPrivate`.
 */
export async function sendPush(
  recipient: PushRecipient,
  message: string,
  vapid: VapidKeys & { subject: string },
  options: { allowPrivate: boolean; signal?: AbortSignal },
): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: recipient.endpoint, keys: { p256dh: recipient.keyP256dh, auth: recipient.keyAuth } },
    message,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: TTL_SECONDS,
      urgency: 'normal',
      contentEncoding: recipient.standard ? 'aes128gcm' : 'aesgcm',
    },
  );
  const url = new URL(details.endpoint);
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.any([AbortSignal.timeout(SEND_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]);
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers: { ...details.headers, 'user-agent': 'SocialFederation (web push)' },
      lookup: guardedLookup(options.allowPrivate),
      signal,
    });
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
    request.end(details.body ?? undefined);
  });
}
