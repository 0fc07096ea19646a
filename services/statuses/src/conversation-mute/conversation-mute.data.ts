import { isForeignKeyViolation, type PrismaClient } from '@social/db';

/** Muted conversations; the unique index (account, conversation) makes muting idempotent. */
export class ConversationMuteData {
  constructor(private readonly prisma: PrismaClient) {}

  async mute(accountId: bigint, conversationId: bigint): Promise<void> {
    try {
      await this.prisma.conversationMute.createMany({ data: [{ accountId, conversationId }], skipDuplicates: true });
    } catch (error) {
      // The conversation went with its last status: nothing is left to mute.
      if (!isForeignKeyViolation(error)) throw error;
    }
  }

  async unmute(accountId: bigint, conversationId: bigint): Promise<void> {
    await this.prisma.conversationMute.deleteMany({ where: { accountId, conversationId } });
  }
}
