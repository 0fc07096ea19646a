import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '@social/db';

export interface ApplicationRecord {
  id: bigint;
  name: string;
  website: string | null;
  redirectUris: string;
  scopes: string;
  clientId: string;
  clientSecretHash: string;
  createdAt: Date;
}

/** Applications kept per process; each is a few hundred bytes. */
const CACHED_APPLICATIONS = 10_000;

export class ApplicationData {
  /**
   * Applications by id. A row is never changed or deleted once created
   * (there is no API for it), so a copy in any process stays correct: the
   * application of every status answered is then no query. Ids not found are
   * not kept (they may be created later).
   */
  private readonly byId = new LRUCache<string, ApplicationRecord>({ max: CACHED_APPLICATIONS });

  constructor(private readonly prisma: PrismaClient) {}

  create(input: Omit<ApplicationRecord, 'id' | 'createdAt'>): Promise<ApplicationRecord> {
    return this.prisma.application.create({ data: input });
  }

  findByClientId(clientId: string): Promise<ApplicationRecord | null> {
    return this.prisma.application.findUnique({ where: { clientId } });
  }

  async findByIds(ids: readonly string[]): Promise<Array<ApplicationRecord | null>> {
    const missing = ids.filter((id) => !this.byId.has(id));
    if (missing.length > 0) {
      const rows = await this.prisma.application.findMany({ where: { id: { in: missing.map(BigInt) } } });
      for (const row of rows) this.byId.set(row.id.toString(), row);
    }
    return ids.map((id) => this.byId.get(id) ?? null);
  }
}
