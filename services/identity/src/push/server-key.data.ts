import type { PrismaClient } from '@social/db';

/** The server_keys table: key pairs generated once and shared by every process (the VAPID pair when none is configured). */
export class ServerKeyData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * The pair kept under `name`, storing `generated` first if there is none:
   * processes starting together all end up with the first one stored.
   */
  async keep(name: string, generated: { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }> {
    await this.prisma.serverKey.createMany({ data: [{ name, ...generated }], skipDuplicates: true });
    return this.prisma.serverKey.findUniqueOrThrow({ where: { name }, select: { publicKey: true, privateKey: true } });
  }
}
