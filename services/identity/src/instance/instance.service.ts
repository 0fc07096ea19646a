import type { PrismaClient } from '@social/db';
import type { IdentityConfig } from '../config.js';
import type { Instance } from './instance.type.js';

export const SOFTWARE_NAME = 'social-federation';
export const SOFTWARE_VERSION = '0.1.0';
/** The Mastodon release whose API this server follows, and its api_versions level. */
const MASTODON_VERSION = '4.3.0';
const MASTODON_API_LEVEL = '2';

export class InstanceService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: IdentityConfig,
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
      registrationsEnabled: this.config.registrationsOpen,
      approvalRequired: false,
      userCount: await this.prisma.user.count(),
      streamingUrl: `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`,
      vapidKey: this.config.vapidPublicKey,
    };
  }
}
