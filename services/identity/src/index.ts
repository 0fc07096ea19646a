import 'reflect-metadata';
import type { Logger } from '@social/config';
import { NO_INVALIDATION, type CacheInvalidation } from '@social/cache';
import type { PrismaClient } from '@social/db';
import { buildSubgraph, type Principal } from '@social/federation';
import type { EventBus } from '@social/pubsub';
import { AccountData } from './account/account.data.js';
import { AdminData } from './admin/admin.data.js';
import { IdentityAdmin } from './admin/admin.service.js';
import { resolveAccountReference } from './account/account.reference.js';
import { AccountResolver } from './account/account.resolver.js';
import { AccountService } from './account/account.service.js';
import { AccountHandles } from './account/account-handle.js';
import { AccountSearchData } from './account-search/account-search.data.js';
import { AccountSearchResolver } from './account-search/account-search.resolver.js';
import { SearchResolver } from './account-search/search.resolver.js';
import { DirectoryData } from './directory/directory.data.js';
import { DirectoryResolver } from './directory/directory.resolver.js';
import { AccountSearchService } from './account-search/account-search.service.js';
import { ApplicationData } from './application/application.data.js';
import { resolveApplicationReference } from './application/application.reference.js';
import { ApplicationResolver } from './application/application.resolver.js';
import { ApplicationService } from './application/application.service.js';
import type { IdentityConfig } from './config.js';
import { createIdentityContext } from './context.js';
import { AnnouncementData } from './announcement/announcement.data.js';
import { AnnouncementEvents } from './announcement/announcement.events.js';
import { AnnouncementService } from './announcement/announcement.service.js';
import { CustomEmojiData } from './custom-emoji/custom-emoji.data.js';
import { AccountEmojisResolver, CustomEmojiResolver, EnabledEmojis, resolveCustomEmojiReference } from './custom-emoji/custom-emoji.resolver.js';
import { CustomEmojiService } from './custom-emoji/custom-emoji.service.js';
import { NO_PROFILE_IMAGES } from './profile/profile-images.js';
import { InstanceActivityData } from './instance/instance-activity.data.js';
import { InstanceResolver } from './instance/instance.resolver.js';
import { AnnouncementResolver } from './announcement/announcement.resolver.js';
import { PreferencesResolver } from './preferences/preferences.resolver.js';
import { InstanceService } from './instance/instance.service.js';
import { AuthorizationCodeData } from './oauth/authorization-code.data.js';
import { AuthorizationResolver } from './oauth/authorization.resolver.js';
import { AuthorizationService } from './oauth/authorization.service.js';
import { PrincipalCache } from './oauth/principal-cache.js';
import { PrincipalService } from './oauth/principal.service.js';
import { TokenData } from './oauth/token.data.js';
import { IDENTITY_EVENTS_CHANNEL, IdentityEvents, type IdentityEvent } from './oauth/token.events.js';
import { TokenResolver } from './oauth/token.resolver.js';
import { TokenService } from './oauth/token.service.js';
import { WebSessions } from './oauth/web-session.js';
import type { ProfileImages } from './profile/profile-images.js';
import { ProfileResolver } from './profile/profile.resolver.js';
import { ProfileService } from './profile/profile.service.js';
import { AuditLogData, RoleData } from './role/role.data.js';
import { RoleAdmin } from './role/role-admin.js';
import { RoleResolver } from './role/role.resolver.js';
import { AdminAccountResolver } from './role/admin-account.resolver.js';
import { AdminAccountData, AdminAccountsResolver } from './role/admin-accounts.js';
import { RoleService } from './role/role.service.js';
import { ModerationData } from './moderation/moderation.data.js';
import { AccountModeration } from './moderation/moderation.service.js';
import { ModerationResolver } from './moderation/moderation.resolver.js';
import { accountPurgeQueue } from './moderation/account-purge.job.js';
import { BlocksData } from './blocks/blocks.data.js';
import { BlocksResolver } from './blocks/blocks.resolver.js';
import { BlocksService } from './blocks/blocks.service.js';
import { EmailSignUpRules } from './blocks/sign-up-rules.js';
import type { IpBlockRecord } from '@social/federation';

import { ACCEPT_FOLLOW_REQUESTS_QUEUE, JobQueue, type AcceptFollowRequestsPayload } from '@social/jobs';
import { pushDeliveryQueue } from './push/push-delivery.job.js';
import { vapidSubject } from './push/push-send.js';
import { PushSubscriptionData } from './push/push-subscription.data.js';
import { PushSubscriptionResolver } from './push/push-subscription.resolver.js';
import { PushSubscriptionService } from './push/push-subscription.service.js';
import { PushedNotificationData } from './push/pushed-notification.data.js';
import { ServerKeyData } from './push/server-key.data.js';
import { VapidKeyring } from './push/vapid.js';

export type { IdentityConfig } from './config.js';
export { IdentityAdmin, generatePassword, type TokenSelector } from './admin/admin.service.js';
export type { AdminAccountRecord, AdminTokenRecord } from './admin/admin.data.js';
export type { RoleAdmin } from './role/role-admin.js';
export type { AuditLogRecord, RoleRecord } from './role/role.data.js';
export type { ProfileImages } from './profile/profile-images.js';
export { IDENTITY_EVENTS_CHANNEL, type IdentityEvent } from './oauth/token.events.js';

/** The identity subgraph: accounts, applications, OAuth tokens and the authorize page, and the principal behind a token. */
export async function createIdentitySubgraph(
  prisma: PrismaClient,
  config: IdentityConfig,
  bus: EventBus | null = null,
  logger?: Logger,
  profile: { images?: ProfileImages; invalidation?: CacheInvalidation } = {},
) {
  const data = { accounts: new AccountData(prisma), applications: new ApplicationData(prisma), tokens: new TokenData(prisma) };
  const vapid = new VapidKeyring(config.vapid, new ServerKeyData(prisma));
  const vapidPublicKey = () => vapid.publicKey();
  const codes = new AuthorizationCodeData(prisma);
  const jobs = new JobQueue(prisma);
  const events = new IdentityEvents(bus, (error) => logger?.error({ err: error }, 'publishing an identity event failed'));
  const blocksData = new BlocksData(prisma);
  const accounts = new AccountService(data.accounts, config, undefined, new EmailSignUpRules(blocksData));
  const ipBlockListeners: Array<() => void> = [];
  const blocks = new BlocksService(blocksData, async (ipBlockId) => {
    // This process's gateway forgets the rules at once, every other process through the bus; the facades' admissions through the version token.
    for (const listener of ipBlockListeners) listener();
    events.emit({ type: 'ip_blocks.changed', ipBlockId: ipBlockId.toString() });
    await (profile.invalidation ?? NO_INVALIDATION).changed({ ipBlocks: true });
  });
  const accountSearch = new AccountSearchService(new AccountSearchData(prisma), new AccountHandles(config.publicUrl));
  const applications = new ApplicationService(data.applications, config);
  const instance = new InstanceService(prisma, config, vapidPublicKey);
  const pushSubscriptions = new PushSubscriptionData(prisma);
  const push = new PushSubscriptionService(pushSubscriptions, vapid, config.pushEndpointAllowPrivate ?? false, async (hash) => (await data.tokens.findByHash(hash))?.id ?? null);
  const moderation = new AccountModeration(new ModerationData(prisma, jobs), events, profile.invalidation, undefined, profile.images);
  const principals = new PrincipalService(data.tokens, config.authorizedOnly, bus ? principalCache(bus, events, logger) : null);
  const authorization = new AuthorizationService({
    applications: data.applications,
    applicationService: applications,
    accountService: accounts,
    codes,
    sessions: new WebSessions(config.sessionSecret),
    loadActiveAccount: (id) => (/^\d{1,19}$/.test(id) ? accounts.findActive(BigInt(id)) : Promise.resolve(null)),
    publicUrl: config.publicUrl,
  });
  const emojiData = new CustomEmojiData(prisma);
  const emojis = new CustomEmojiService(emojiData, profile.images ?? NO_PROFILE_IMAGES, config.publicUrl);
  const enabledEmojis = new EnabledEmojis(emojiData);
  const announcements = new AnnouncementService(
    new AnnouncementData(prisma),
    { data: data.accounts, service: accounts },
    { data: emojiData, service: emojis },
    new AnnouncementEvents(bus, (error) => logger?.error({ err: error }, 'publishing an announcement event failed')),
    config.publicUrl,
  );
  const schema = await buildSubgraph({
    resolvers: [
      new AccountResolver(accounts),
      new CustomEmojiResolver(emojis),
      new AccountEmojisResolver(emojis, enabledEmojis),
      new RoleResolver(new RoleService(new RoleData(prisma))),
      new AdminAccountResolver(new RoleData(prisma)),
      new AdminAccountsResolver(new AdminAccountData(prisma), accounts),
      new ModerationResolver(moderation, accounts),
      new BlocksResolver(blocks, config.showDomainBlocks),
      new ProfileResolver(new ProfileService(data.accounts, config.publicUrl, profile.images, profile.invalidation, events, (id) => jobs.enqueue<AcceptFollowRequestsPayload>(ACCEPT_FOLLOW_REQUESTS_QUEUE, { accountId: id.toString() })), accounts),
      new AccountSearchResolver(accountSearch, accounts),
      new SearchResolver(accountSearch, accounts),
      new DirectoryResolver(new DirectoryData(prisma), accounts),
      new ApplicationResolver(applications, vapidPublicKey),
      new TokenResolver(new TokenService(data.applications, accounts, data.tokens, codes, events)),
      new AuthorizationResolver(authorization),
      new InstanceResolver(instance, new InstanceActivityData(prisma)),
      new PreferencesResolver(),
      new AnnouncementResolver(announcements),
      new PushSubscriptionResolver(push),
    ],
    referenceResolvers: {
      Account: resolveAccountReference(accounts),
      Application: resolveApplicationReference(applications),
      Instance: () => instance.describe(),
      CustomEmoji: resolveCustomEmojiReference(emojis, enabledEmojis),
    },
  });
  return {
    name: 'identity' as const,
    schema,
    createContext: (principal: Principal, requestId: string) => createIdentityContext(data, principal, requestId),
    /** Token -> principal, for the gateway (in-process, or over the internal route). */
    resolvePrincipal: (token: string | null) => principals.resolve(token),
    /** Background jobs of this subgraph (Web Push deliveries, deleting suspended accounts' data); every process hosting it starts them, and stops them before exiting. */
    workers: [
      jobs.worker(
        {
          ...pushDeliveryQueue({
            subscriptions: pushSubscriptions,
            notifications: new PushedNotificationData(prisma),
            accounts: data.accounts,
            accountService: accounts,
            vapid,
            vapidSubject: vapidSubject(config.publicUrl),
            allowPrivate: config.pushEndpointAllowPrivate ?? false,
            logger: logger?.child({ component: 'web-push' }),
          }),
          ...accountPurgeQueue(moderation),
        },
        { ...config.jobs, logger: logger?.child({ component: 'identity-jobs' }) },
      ),
    ],
    /** The IP blocks in force, for the gateway's rules (in-process, or over the internal route), and this process's news of a change. */
    ipBlocks: {
      load: async (): Promise<IpBlockRecord[]> =>
        (await blocksData.activeIpBlocks(new Date())).map((row) => ({ ip: row.ip, severity: row.severity, expiresAt: row.expiresAt?.toISOString() ?? null })),
      onChange: (listener: () => void) => ipBlockListeners.push(listener),
    },
  };
}

export type IdentitySubgraph = Awaited<ReturnType<typeof createIdentitySubgraph>>;

/** Emptied by this process's identity events at once and by every process's through the bus; on once the bus listens. */
function principalCache(bus: EventBus, events: IdentityEvents, logger?: Logger): PrincipalCache {
  const cache = new PrincipalCache();
  // A posting-defaults change concerns one account; anything else (a revocation, or what is not understood) empties it all.
  const forget = (payload: unknown) => {
    const event = payload as Partial<IdentityEvent> | null;
    if (event?.type === 'preferences.changed' && typeof event.accountId === 'string') cache.invalidateAccount(event.accountId);
    // IP blocks are not part of a token's principal (the gateway adds what applies per request).
    else if (event?.type === 'ip_blocks.changed') return;
    else cache.invalidate();
  };
  events.onEmit(forget);
  bus
    .subscribe(IDENTITY_EVENTS_CHANNEL, forget)
    .then(() => cache.enable())
    .catch((error: unknown) => logger?.warn({ err: error }, 'identity events unavailable: principals are not cached'));
  return cache;
}

/** The operator's commands on accounts and tokens (the admin CLI), over the same data and rules as the subgraph. */
export function createIdentityAdmin(
  prisma: PrismaClient,
  config: IdentityConfig,
  bus: EventBus | null = null,
  logger?: Logger,
  invalidation: CacheInvalidation = NO_INVALIDATION,
  /** Where `accounts delete` removes the avatar and header files. */
  images: ProfileImages = NO_PROFILE_IMAGES,
): IdentityAdmin {
  const events = new IdentityEvents(bus, (error) => logger?.error({ err: error }, 'publishing an identity event failed'));
  const moderation = new AccountModeration(new ModerationData(prisma, new JobQueue(prisma)), events, invalidation, undefined, images);
  return new IdentityAdmin(new AdminData(prisma), new AccountService(new AccountData(prisma), config), events, moderation, invalidation);
}

/** The operator's role commands and the audit log (the admin CLI). */
export function createRoleAdmin(prisma: PrismaClient, admin: IdentityAdmin, bus: EventBus | null = null, logger?: Logger): RoleAdmin {
  const events = new IdentityEvents(bus, (error) => logger?.error({ err: error }, 'publishing an identity event failed'));
  return new RoleAdmin(new RoleData(prisma), new AuditLogData(prisma), (usernameOrId) => admin.findAccount(usernameOrId), events);
}

export type { CustomEmojiService } from './custom-emoji/custom-emoji.service.js';
export type { CustomEmoji } from './custom-emoji/custom-emoji.type.js';

/** The operator's custom emoji commands (the admin CLI): the same rules as the admins' mutations, images processed in this process. */
export function createCustomEmojiAdmin(prisma: PrismaClient, publicUrl: string, images: ProfileImages): CustomEmojiService {
  return new CustomEmojiService(new CustomEmojiData(prisma), images, publicUrl);
}

export type { AnnouncementService } from './announcement/announcement.service.js';
export type { Announcement } from './announcement/announcement.type.js';

/** The operator's announcement commands (the admin CLI): the admins' rules, events on the bus for running servers' streams. */
export function createAnnouncementAdmin(prisma: PrismaClient, config: IdentityConfig, bus: EventBus | null, logger?: Logger): AnnouncementService {
  const emojiData = new CustomEmojiData(prisma);
  const accountData = new AccountData(prisma);
  return new AnnouncementService(
    new AnnouncementData(prisma),
    { data: accountData, service: new AccountService(accountData, config) },
    { data: emojiData, service: new CustomEmojiService(emojiData, NO_PROFILE_IMAGES, config.publicUrl) },
    new AnnouncementEvents(bus, (error) => logger?.error({ err: error }, 'publishing an announcement event failed')),
    config.publicUrl,
  );
}
