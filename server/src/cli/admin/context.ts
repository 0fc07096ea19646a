import { CacheInvalidation, createRedisVersions, NO_INVALIDATION } from '@social/cache';
import { createLogger, type Logger } from '@social/config';
import { Redis } from 'ioredis';
import { migrationStatus, type Database } from '@social/db';
import { createAnnouncementAdmin, createCustomEmojiAdmin, createIdentityAdmin, createRoleAdmin, type AnnouncementService, type CustomEmojiService, type IdentityAdmin, type RoleAdmin } from '@social/identity';
import { createLocalEmojiImages, createMediaMaintenance, type MediaMaintenance } from '@social/media';
import { createEventBus, type EventBus } from '@social/pubsub';
import { loadConfig, type ServerConfig } from '../../config.js';
import { openConfiguredDatabase } from '../../roles/database.js';
import { identityConfig } from '../../subgraphs.js';
import { consoleOutput, type Output } from './progress.js';

/**
 * What the admin commands share: the server's own configuration (the same
 * environment variables, validated the same way), and the database, event
 * bus and services, opened on first use and closed once at the end.
 */
export class AdminContext {
  private configValue: ServerConfig | null = null;
  private database: Promise<Database> | null = null;
  private bus: EventBus | null = null;
  private loggerValue: Logger | null = null;
  private redis: Redis | null = null;
  private invalidationValue: CacheInvalidation | null = null;

  constructor(
    readonly output: Output = consoleOutput,
    private readonly environment: NodeJS.ProcessEnv = process.env,
  ) {}

  /** The configuration of the all-in-one role: it needs no setting, and reads every one given. */
  get config(): ServerConfig {
    this.configValue ??= loadConfig('all', this.environment);
    return this.configValue;
  }

  get logger(): Logger {
    // Only errors: the commands' own output is what the operator reads.
    this.loggerValue ??= createLogger('social-admin', 'error');
    return this.loggerValue;
  }

  /**
   * PostgreSQL at DATABASE_URL, or the embedded PGlite database in DATA_DIR
   * (stop the server first: PGlite has one user). The embedded one is
   * migrated first, a new one made from the build's template, as `npm start`
   * would. PostgreSQL is shared with running servers, which may be of
   * another version: a command refuses it, in one line, while a migration is
   * pending, and `social-admin migrate` is the operator's step.
   */
  async prisma() {
    this.database ??= this.openMigrated();
    return (await this.database).prisma;
  }

  private async openMigrated(): Promise<Database> {
    const url = this.config.DATABASE_URL;
    if (!url) return openConfiguredDatabase(this.config, this.logger, true);
    const { pending } = await migrationStatus(url);
    if (pending.length > 0) {
      const count = pending.length === 1 ? '1 pending migration' : `${pending.length} pending migrations`;
      throw new Error(`The database has ${count}: run \`social-admin migrate\` (or \`npm run db:migrate\`) first.`);
    }
    return openConfiguredDatabase(this.config, this.logger, false);
  }

  /** Redis when REDIS_URL is set, so running servers hear about revoked tokens and deleted statuses. */
  events(): EventBus {
    this.bus ??= createEventBus(this.config.REDIS_URL, (error) => this.logger.error({ err: error }, 'redis'), this.config.redisPrefix);
    return this.bus;
  }

  /**
   * Retires read-cache tokens in Redis after a command's writes, so running
   * servers stop serving what changed. Without REDIS_URL a running
   * PostgreSQL server's cache holds its answers until they age out
   * (READ_CACHE_MAX_AGE_SECONDS); an embedded server cannot run beside the CLI.
   */
  invalidation(): CacheInvalidation {
    if (this.invalidationValue) return this.invalidationValue;
    if (!this.config.REDIS_URL) return (this.invalidationValue = NO_INVALIDATION);
    // Queued until connected: a command's first write comes right after start.
    this.redis = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 1, keyPrefix: this.config.redisPrefix });
    this.redis.on('error', (error) => this.logger.error({ err: error }, 'redis commands'));
    this.invalidationValue = new CacheInvalidation(createRedisVersions(this.redis), (error) => this.logger.error({ err: error }, 'read cache'));
    return this.invalidationValue;
  }

  async identity(): Promise<IdentityAdmin> {
    // The avatar and header files live under MEDIA_DIR, as the emojis' do: `accounts delete` removes them there.
    const { images } = createLocalEmojiImages({ mediaDir: this.config.mediaDir, publicUrl: this.config.publicUrl });
    return createIdentityAdmin(await this.prisma(), identityConfig(this.config), this.events(), this.logger, this.invalidation(), images);
  }

  async roles(): Promise<RoleAdmin> {
    return createRoleAdmin(await this.prisma(), await this.identity(), this.events(), this.logger);
  }

  async media(): Promise<MediaMaintenance> {
    return createMediaMaintenance(await this.prisma(), { mediaDir: this.config.mediaDir, publicUrl: this.config.publicUrl });
  }

  /** Custom emojis, their images processed and stored here (MEDIA_DIR), as a media process would; `stage` copies a file in first. */
  async customEmojis(): Promise<{ service: CustomEmojiService; stage: (file: string) => Promise<{ upload: string; fileName: string }> }> {
    const local = createLocalEmojiImages({ mediaDir: this.config.mediaDir, publicUrl: this.config.publicUrl });
    return { service: createCustomEmojiAdmin(await this.prisma(), this.config.publicUrl, local.images), stage: (file) => local.stage(file) };
  }

  /** Announcements; their events go out on the bus (Redis when REDIS_URL is set), so running servers' user streams show them. */
  async announcements(): Promise<AnnouncementService> {
    return createAnnouncementAdmin(await this.prisma(), identityConfig(this.config), this.events(), this.logger);
  }

  async close(): Promise<void> {
    await this.bus?.close();
    this.redis?.disconnect();
    if (this.database) await (await this.database).close();
  }
}
