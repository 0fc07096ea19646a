import { escapeHtml, simpleFormat } from '@social/content';
import { instanceRules } from '@social/federation';
import type { PrismaClient } from '@social/db';
import type { IdentityConfig } from '../config.js';
import type { Instance } from './instance.type.js';
import { supportedLanguages } from './languages.js';

const SOFTWARE_NAME = 'social-federation';
const SOFTWARE_VERSION = '0.1.0';
/**
 * The Mastodon release and api_versions level this server advertises: the
 * highest whose endpoints it serves, since clients choose endpoints by them.
 * Phanpy takes grouped notifications (/api/v2/notifications) from
 * api_versions.mastodon >= 2 or a 4.3 version (in NodeInfo or the instance);
 * Ice Cubes from a version of 4.3 or more (its first three characters), and
 * with it notification policies and link timelines; Phanpy fetches several
 * statuses at once from 4.3. Mastodon 4.3 is level 2, and every endpoint
 * test/api/api-level.e2e.test.ts lists for it is served (the link timeline
 * last), so this is 4.3 and level 2 (docs/api/versions.md#api_versions).
 */
const MASTODON_VERSION = '4.3.0';
const MASTODON_API_LEVEL = '2';

export class InstanceService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: IdentityConfig,
    /** The VAPID public key (docs/api/push.md#vapid-keys). */
    private readonly vapidPublicKey: () => Promise<string>,
  ) {}

  async describe(): Promise<Instance> {
    const url = new URL(this.config.publicUrl);
    return {
      domain: url.host,
      title: this.config.instanceTitle,
      version: `${MASTODON_VERSION} (compatible; ${SOFTWARE_NAME} ${SOFTWARE_VERSION})`,
      apiVersion: MASTODON_API_LEVEL,
      softwareName: SOFTWARE_NAME,
      softwareVersion: SOFTWARE_VERSION,
      sourceUrl: 'https://github.com/social-federation/social-federation',
      description: 'A Mastodon-compatible server built as a GraphQL federation.',
      contactEmail: '',
      languages: ['en'],
      registrationsEnabled: this.config.registrationsMode !== 'none',
      approvalRequired: this.config.registrationsMode === 'approved',
      userCount: await this.prisma.user.count(),
      streamingUrl: `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`,
      vapidKey: await this.vapidPublicKey(),
      rules: instanceRules(this.config.rules ?? []),
      // Plain text: nothing in it is markup; blank lines part paragraphs.
      extendedDescription: simpleFormat(escapeHtml(this.config.extendedDescription?.trim() ?? '')),
      supportedLanguages: supportedLanguages(),
    };
  }
}
