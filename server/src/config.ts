import { createECDH, randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, env, parseEnv } from '@social/config';
import { DEFAULT_OPERATION_LIMITS, DOCUMENT_MODES, parseLimit, parseTrustedNetworks, readManifests, type OperationLimits, type RateLimitSettings } from '@social/gateway';

/** The process roles: everything in one process, or one service each. */
export const ROLES = ['all', 'identity', 'statuses', 'media', 'gateway', 'facade'] as const;
export type Role = (typeof ROLES)[number];

/** A rate-limit bucket as "points/seconds". */
function limit(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parsed = parseLimit(value);
      if (!parsed) ctx.addIssue({ code: 'custom', message: 'must be "points/seconds", e.g. 300/300' });
      return parsed ?? { points: 1, seconds: 1 };
    });
}

/** Client networks as "10.0.0.0/8,192.168.1.0/24" (addresses, CIDRs, or express's names). */
function networks() {
  return z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseTrustedNetworks(value);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      return 'networks' in parsed ? parsed.networks : [];
    });
}

/** Persisted-document manifests as "a.json,b.json": each read and checked (every key the hash of its document) at start. */
function manifests() {
  return z
    .string()
    .default('')
    .transform((value, ctx) => {
      const paths = value.split(',').map((entry) => entry.trim()).filter(Boolean);
      try {
        return readManifests(paths.map((entry) => path.resolve(entry)));
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return new Map<string, string>();
      }
    });
}

/**
 * Every setting of every role, read from the environment in one place and
 * validated at start-up; all problems are reported at once. The README's
 * configuration table documents these names.
 */
const schema = z.object({
  PORT: env.port(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  MEDIA_DIR: z.string().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_NAMESPACE: z.string().regex(/^[\w.-]*$/, 'letters, digits, _ . - only').default(''),
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  IDENTITY_URL: z.url().optional(),
  STATUSES_URL: z.url().optional(),
  MEDIA_URL: z.url().optional(),
  GATEWAY_URL: z.url().optional(),
  /** The gateway's wait for a subgraph process's answer (and a token lookup's) before it counts the process unreachable. */
  SUBGRAPH_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  LOG_LEVEL: env.logLevel(),
  INSTANCE_TITLE: z.string().default('Social Federation'),
  /** The server's rules, one per line (GET /api/v1/instance/rules). */
  INSTANCE_RULES: z.string().default(''),
  /** The long description, plain text with blank lines between paragraphs (GET /api/v1/instance/extended_description). */
  INSTANCE_EXTENDED_DESCRIPTION: z.string().default(''),
  /** Who may sign up (docs/api/moderation.md#registrations): open, approved (a moderator approves each sign-up) or none; default open. */
  REGISTRATIONS_MODE: z.enum(['open', 'approved', 'none']).optional(),
  /** Deprecated: false is REGISTRATIONS_MODE=none, true is open; refused beside REGISTRATIONS_MODE. */
  REGISTRATIONS_OPEN: env.optionalBoolean(),
  /** Who GET /api/v1/instance/domain_blocks answers (Mastodon's show_domain_blocks setting): all, users (signed in), disabled (404). */
  SHOW_DOMAIN_BLOCKS: z.enum(['all', 'users', 'disabled']).default('all'),
  /** Who sees each block's public comment there (Mastodon's show_domain_blocks_rationale): all, users, disabled. */
  SHOW_DOMAIN_BLOCKS_RATIONALE: z.enum(['all', 'users', 'disabled']).default('all'),
  /** Public trends show what no moderator reviewed (true) or only what one approved (false): Mastodon's trendable_by_default. */
  TRENDABLE_BY_DEFAULT: env.boolean(true),
  /** Authorized-only mode, Mastodon's DISALLOW_UNAUTHENTICATED_API_ACCESS (docs/api/oauth.md#authorized-only-mode): read by identity, enforced by every subgraph. */
  AUTHORIZED_ONLY: env.boolean(false),
  DEFAULT_LANGUAGE: z.string().regex(/^[a-z]{2,3}$/).default('en'),
  /** Introspection and the Sandbox at GET /graphql; unset: on unless NODE_ENV=production. */
  GRAPHQL_INTROSPECTION: env.optionalBoolean(),
  NODE_ENV: z.string().default('development'),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(100).default(DEFAULT_OPERATION_LIMITS.maxDepth),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(10).default(DEFAULT_OPERATION_LIMITS.maxCost),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(1000).default(DEFAULT_OPERATION_LIMITS.maxAliases),
  /** `trusted`: the gateway runs only registered documents (docs/graphql.md#trusted-documents); `any`: every operation. */
  GRAPHQL_DOCUMENTS: z.enum(DOCUMENT_MODES).default('any'),
  /** Manifests of registered documents (`{"<sha256>": "<document>"}`), comma-separated paths. */
  GRAPHQL_TRUSTED_DOCUMENTS: manifests(),
  /** Requests in flight per facade process past which it sheds load with 503 + Retry-After. */
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(1024),
  /** Anonymous status reads each facade process keeps (0 turns the read cache off). */
  READ_CACHE_ENTRIES: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  /** Rendered entities (accounts, statuses' media, applications) the gateway of each process keeps (0 turns the entity cache off); docs/data-access.md#the-entity-cache. */
  ENTITY_CACHE_ENTRIES: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  /** Longest a cached answer is served without a refill (bounds staleness if Redis lost a writer's bump). */
  READ_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** A request (headers and body) must arrive within this many seconds; 408 otherwise. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** Background jobs each process hosting media runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** A job of a process that died is picked up again after this many seconds. */
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Let the preview-card fetcher reach private, loopback and link-local addresses (closed networks, tests). */
  CARD_FETCH_ALLOW_PRIVATE: env.boolean(false),
  /** Comma-separated: addresses, CIDRs, or express's names loopback, linklocal, uniquelocal. */
  TRUSTED_PROXIES: z.string().default('loopback,uniquelocal'),
  RATE_LIMITS_ENABLED: env.boolean(true),
  RATE_LIMIT_API_PER_ACCOUNT: limit('300/300'),
  RATE_LIMIT_API_PER_IP: limit('300/300'),
  RATE_LIMIT_SIGN_UP: limit('5/1800'),
  RATE_LIMIT_MEDIA_UPLOADS: limit('30/1800'),
  RATE_LIMIT_DELETIONS: limit('30/1800'),
  /** Password attempts (password grant, the authorize page's form) per client IP, and per e-mail address tried. */
  RATE_LIMIT_SIGN_IN_PER_IP: limit('25/300'),
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: limit('25/3600'),
  /** Client networks the per-IP buckets leave out (the per-account ones still apply). */
  RATE_LIMIT_TRUSTED_NETWORKS: networks(),
  /** Password hashes (scrypt, 32 MiB each) one process computes at once, and how many more may wait; past that, 503. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  /** Prometheus GET /metrics on every process's port. */
  METRICS_ENABLED: env.boolean(true),
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** OTLP/HTTP collector base URL; tracing is off without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** service.name of the spans; default social-<role>. */
  OTEL_SERVICE_NAME: z.string().optional(),
  /** The VAPID key pair signing Web Push (docs/api/push.md#vapid-keys): both or neither; unset, one is generated once and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[\w-]{87}$/, 'must be an uncompressed P-256 public key, 65 bytes as base64url').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[\w-]{43}$/, 'must be a P-256 private key, 32 bytes as base64url').optional(),
  /** Let Web Push subscriptions name plain-http endpoints on private, loopback and link-local addresses (closed networks, tests). */
  PUSH_ENDPOINT_ALLOW_PRIVATE: env.boolean(false),
});

/** Every setting's name (the README's configuration table lists exactly these; a test checks). */
export const SETTING_NAMES: readonly string[] = Object.freeze(Object.keys(schema.shape));

export type ServerConfig = ReturnType<typeof loadConfig>;

const REQUIRED_BY_ROLE: Record<Role, Array<keyof z.infer<typeof schema>>> = {
  all: [],
  // Split processes must agree on the URL clients see, so it cannot default to each one's own port.
  identity: ['DATABASE_URL', 'INTERNAL_SECRET', 'PUBLIC_URL'],
  statuses: ['DATABASE_URL', 'INTERNAL_SECRET', 'PUBLIC_URL'],
  media: ['DATABASE_URL', 'INTERNAL_SECRET', 'PUBLIC_URL'],
  gateway: ['INTERNAL_SECRET', 'IDENTITY_URL', 'STATUSES_URL', 'MEDIA_URL'],
  // Uploads are streamed to the media process's internal route, signed with the shared secret.
  facade: ['GATEWAY_URL', 'PUBLIC_URL', 'MEDIA_URL', 'INTERNAL_SECRET'],
};

export function loadConfig(role: Role, environment: NodeJS.ProcessEnv = process.env) {
  // Checked beside the schema, not in a refinement: zod skips refinements once a field is invalid, and every problem is reported at once.
  const missing = REQUIRED_BY_ROLE[role].filter((key) => !environment[key]).map((key) => `${key}: is required for the ${role} role`);
  let parsed: z.infer<typeof schema>;
  try {
    parsed = parseEnv(schema, environment);
  } catch (error) {
    throw error instanceof ConfigError ? new ConfigError([...error.problems, ...missing]) : error;
  }
  const vapidProblem = checkVapidPair(parsed.VAPID_PUBLIC_KEY, parsed.VAPID_PRIVATE_KEY);
  if (vapidProblem) missing.push(vapidProblem);
  if (parsed.REGISTRATIONS_OPEN !== undefined && parsed.REGISTRATIONS_MODE !== undefined) {
    missing.push('REGISTRATIONS_OPEN: is replaced by REGISTRATIONS_MODE; set only REGISTRATIONS_MODE');
  }
  if (missing.length > 0) throw new ConfigError(missing);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    ...parsed,
    role,
    publicUrl,
    /** The server's rules, in order: INSTANCE_RULES, one per line (docs/api/instance.md#rules-and-description). */
    instanceRules: parsed.INSTANCE_RULES.split('\n').map((rule) => rule.trim()).filter((rule) => rule !== ''),
    registrationsMode: parsed.REGISTRATIONS_MODE ?? (parsed.REGISTRATIONS_OPEN === false ? 'none' : 'open'),
    dataDir: path.resolve(parsed.DATA_DIR),
    mediaDir: path.resolve(parsed.MEDIA_DIR ?? path.join(parsed.DATA_DIR, 'media')),
    /** One process needs no shared secret; a random one keeps the in-process path honest. */
    internalSecret: parsed.INTERNAL_SECRET ?? randomBytes(32).toString('base64url'),
    graphqlIntrospection: parsed.GRAPHQL_INTROSPECTION ?? parsed.NODE_ENV !== 'production',
    operationLimits: { maxDepth: parsed.GRAPHQL_MAX_DEPTH, maxCost: parsed.GRAPHQL_MAX_COST, maxAliases: parsed.GRAPHQL_MAX_ALIASES } satisfies OperationLimits,
    /** Null: generated once and kept in the database (docs/api/push.md#vapid-keys). */
    vapid: parsed.VAPID_PUBLIC_KEY && parsed.VAPID_PRIVATE_KEY ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY } : null,
    redisPrefix: parsed.REDIS_NAMESPACE ? `${parsed.REDIS_NAMESPACE}:` : '',
    trustedProxies: parsed.TRUSTED_PROXIES.split(',').map((value) => value.trim()).filter(Boolean),
    rateLimits: {
      enabled: parsed.RATE_LIMITS_ENABLED,
      apiPerAccount: parsed.RATE_LIMIT_API_PER_ACCOUNT,
      apiPerIp: parsed.RATE_LIMIT_API_PER_IP,
      signUp: parsed.RATE_LIMIT_SIGN_UP,
      mediaUploads: parsed.RATE_LIMIT_MEDIA_UPLOADS,
      deletions: parsed.RATE_LIMIT_DELETIONS,
      signInPerIp: parsed.RATE_LIMIT_SIGN_IN_PER_IP,
      signInPerAccount: parsed.RATE_LIMIT_SIGN_IN_PER_ACCOUNT,
      trustedNetworks: parsed.RATE_LIMIT_TRUSTED_NETWORKS,
    } satisfies RateLimitSettings,
  });
}

/** Both VAPID keys or neither, and the public one the private one's: a pair that does not match signs pushes no service accepts. */
function checkVapidPair(publicKey: string | undefined, privateKey: string | undefined): string | null {
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) return `${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: is required with ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}`;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    if (ecdh.getPublicKey('base64url') === publicKey) return null;
  } catch {
    // An invalid private key is reported as a mismatch below.
  }
  return 'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY';
}
