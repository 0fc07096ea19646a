import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { PinData } from './pin.data.js';

/** Mastodon's PIN_LIMIT. */
export const MAX_PINNED_STATUSES = 5;

/**
 * Pinning to one's profile (Mastodon's StatusPinValidator, with the texts of
 * docs/api/statuses.md#pin-and-mute): one's own public or unlisted status, not a boost, at most five.
 */
export class PinService {
  constructor(
    private readonly data: PinData,
    private readonly statuses: StatusService,
  ) {}

  async pin(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const status = await this.statuses.view(id, ctx);
    const viewer = ctx.principal.accountId as string;
    const errors: string[] = [];
    if (status.reblogOfId) errors.push('A boost cannot be pinned');
    if (status.accountId.toString() !== viewer) errors.push("Someone else's toot cannot be pinned");
    if (status.visibility === 'private' || status.visibility === 'direct') errors.push('Non-public toot cannot be pinned');
    if (errors.length > 0) throw AppError.validation(errors);
    const result = await this.data.pin(BigInt(viewer), status.id, MAX_PINNED_STATUSES);
    if (result === 'limit') throw AppError.validation(['You have already pinned the maximum number of posts']);
    if (result === 'duplicate') throw AppError.unprocessable('Duplicate record');
    if (result === 'gone') throw AppError.notFound();
    return status;
  }

  /** 200 also when it was not pinned. */
  async unpin(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const status = await this.statuses.view(id, ctx);
    await this.data.unpin(BigInt(ctx.principal.accountId as string), status.id);
    return status;
  }
}
