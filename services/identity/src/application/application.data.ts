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

export class ApplicationData {
  constructor(private readonly prisma: PrismaClient) {}

  create(input: Omit<ApplicationRecord, 'id' | 'createdAt'>): Promise<ApplicationRecord> {
    return this.prisma.application.create({ data: input });
  }

  findByClientId(clientId: string): Promise<ApplicationRecord | null> {
    return this.prisma.application.findUnique({ where: { clientId } });
  }

  async findByIds(ids: readonly string[]): Promise<Array<ApplicationRecord | null>> {
    const rows = await this.prisma.application.findMany({ where: { id: { in: ids.map(BigInt) } } });
    const byId = new Map(rows.map((row) => [row.id.toString(), row]));
    return ids.map((id) => byId.get(id) ?? null);
  }
}
