import type { NewStatus, StatusRecord, StatusWrite } from '../status/status.data.js';
import type { ConversationData } from './conversation.data.js';

/**
 * Direct conversations as each participant lists them (Mastodon's
 * AccountConversation): every direct status updates the row of each of its
 * participants in the transaction that writes (or deletes) it.
 */
export class ConversationService {
  constructor(private readonly data: ConversationData) {}

  /** The write a new status makes in its publish transaction: a direct one lands in its participants' rows. */
  publishWrite(status: NewStatus): StatusWrite | null {
    if (status.visibility !== 'direct') return null;
    return async (tx, record) => {
      await this.data.addStatus(tx, record);
    };
  }

  /** The write a deleted status makes in its delete transaction: a direct one leaves its participants' rows. */
  deleteWrite(status: StatusRecord): StatusWrite | null {
    if (status.visibility !== 'direct') return null;
    return async (tx, record) => {
      await this.data.removeStatus(tx, record);
    };
  }
}
