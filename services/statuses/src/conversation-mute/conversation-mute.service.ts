import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { ConversationMuteData } from './conversation-mute.data.js';

/**
 * Muting a status's conversation (Mastodon's mutes controller): any visible
 * status may be muted, as in Mastodon; one without a conversation (a boost)
 * is Mastodon's bare 422.
 */
export class ConversationMuteService {
  constructor(
    private readonly data: ConversationMuteData,
    private readonly statuses: StatusService,
  ) {}

  /** Idempotent. */
  async mute(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const status = await this.statuses.view(id, ctx);
    await this.data.mute(BigInt(ctx.principal.accountId as string), conversationOf(status));
    return status;
  }

  /** 200 also when it was not muted. */
  async unmute(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const status = await this.statuses.view(id, ctx);
    await this.data.unmute(BigInt(ctx.principal.accountId as string), conversationOf(status));
    return status;
  }
}

function conversationOf(status: StatusRecord): bigint {
  if (status.conversationId === null) throw AppError.unprocessable('Mastodon::ValidationError');
  return status.conversationId;
}
