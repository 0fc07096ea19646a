import { AppError } from '@social/errors';
import type { Principal } from '@social/federation';
import { hashSecret } from '../crypto/secrets.js';
import { alertsOf, alertTypes } from './push-alerts.js';
import { endpointProblem, isP256Point, readKey } from './push-endpoint.js';
import type { PushSubscriptionData, PushSubscriptionRecord } from './push-subscription.data.js';
import { WebPushPolicy, type CreatePushSubscriptionInput, type UpdatePushSubscriptionInput, type WebPushSubscription } from './push-subscription.type.js';
import type { VapidKeyring } from './vapid.js';

/** The token a push-scoped principal acts with: subscriptions belong to it. */
function tokenOf(principal: Principal): bigint {
  if (!principal.tokenId || !principal.accountId) throw AppError.userTokenRequired();
  return BigInt(principal.tokenId);
}

/**
 * The rules of Web Push subscriptions (docs/api/push.md), Mastodon's
 * Api::V1::Push::SubscriptionsController: one per access token, replaced by
 * a new one, removed with the token.
 */
export class PushSubscriptionService {
  constructor(
    private readonly data: PushSubscriptionData,
    /** Its public key is every subscription's server_key; its seal keeps their tokens. */
    private readonly vapid: VapidKeyring,
    /** Plain-http endpoints on non-public addresses are accepted (PUSH_ENDPOINT_ALLOW_PRIVATE). */
    private readonly allowPrivate: boolean,
    /** The id of the token with this hash, or null. */
    private readonly tokenIdOfHash: (hash: string) => Promise<bigint | null>,
  ) {}

  /** The caller's token's subscription, or null when it has none. */
  async current(principal: Principal): Promise<WebPushSubscription | null> {
    const record = await this.data.findByToken(tokenOf(principal));
    return record ? await this.toSubscription(record) : null;
  }

  async create(input: CreatePushSubscriptionInput, principal: Principal): Promise<WebPushSubscription> {
    const accessTokenId = tokenOf(principal);
    const problems: Array<[string, string[]]> = [];
    const endpoint = endpointProblem(input.endpoint, this.allowPrivate);
    if (endpoint) problems.push([endpoint === 'blank' ? "Endpoint can't be blank" : 'Endpoint is invalid', ['input', 'endpoint']]);
    const p256dh = readKey(input.keys.p256dh);
    if (input.keys.p256dh.trim() === '') problems.push(["Key p256dh can't be blank", ['input', 'keys', 'p256dh']]);
    else if (!p256dh || !isP256Point(p256dh)) problems.push(['Key p256dh is invalid', ['input', 'keys', 'p256dh']]);
    const auth = readKey(input.keys.auth);
    if (input.keys.auth.trim() === '') problems.push(["Key auth can't be blank", ['input', 'keys', 'auth']]);
    else if (auth?.length !== 16) problems.push(['Key auth is invalid', ['input', 'keys', 'auth']]);
    const token = input.accessToken ?? '';
    if (token !== '' && (await this.tokenIdOfHash(hashSecret(token))) !== accessTokenId) {
      problems.push(['Access token is not the token of this request', ['input', 'accessToken']]);
    }
    if (problems.length > 0 || !p256dh || !auth) throw AppError.validation(problems.map(([message]) => message), undefined, problems[0]?.[1]);
    const record = await this.data.replace({
      accessTokenId,
      accountId: BigInt(principal.accountId as string),
      endpoint: input.endpoint.trim(),
      keyP256dh: p256dh.toString('base64url'),
      keyAuth: auth.toString('base64url'),
      standard: input.standard ?? false,
      alerts: alertTypes([], input.alerts, principal),
      policy: (input.policy ?? WebPushPolicy.ALL),
      sealedToken: (await this.vapid.seal()).seal(token),
    });
    return this.toSubscription(record);
  }

  /** The alerts and policy given change; NOT_FOUND when the token has no subscription. */
  async update(input: UpdatePushSubscriptionInput, principal: Principal): Promise<WebPushSubscription> {
    const accessTokenId = tokenOf(principal);
    const current = await this.data.findByToken(accessTokenId);
    if (!current) throw AppError.notFound();
    const record = await this.data.update(accessTokenId, {
      alerts: alertTypes(current.alerts, input.alerts, principal),
      ...(input.policy ? { policy: input.policy } : {}),
    });
    if (!record) throw AppError.notFound();
    return this.toSubscription(record);
  }

  /** The id of the subscription removed; null when the token had none (not an error: Mastodon answers {} either way). */
  async delete(principal: Principal): Promise<string | null> {
    const id = await this.data.deleteByToken(tokenOf(principal));
    return id === null ? null : id.toString();
  }

  private async toSubscription(record: PushSubscriptionRecord): Promise<WebPushSubscription> {
    return {
      id: record.id.toString(),
      endpoint: record.endpoint,
      standard: record.standard,
      alerts: alertsOf(record.alerts),
      policy: record.policy as WebPushPolicy,
      serverKey: await this.vapid.publicKey(),
    };
  }
}
