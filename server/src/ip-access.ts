import type { Logger } from '@social/config';
import type { IpBlockRecord } from '@social/federation';
import { IpAccess } from '@social/gateway';
import { IDENTITY_EVENTS_CHANNEL } from '@social/identity';
import type { EventBus } from '@social/pubsub';

/**
 * The gateway's IP blocks (docs/api/moderation.md#ip-blocks): read from
 * identity, forgotten when a block changes (`ip_blocks.changed` on the
 * identity channel, and at once for the identity of this very process), kept
 * only once this process listens to that channel.
 */
export function createIpAccess(load: () => Promise<IpBlockRecord[]>, bus: EventBus, logger: Logger, onLocalChange?: (listener: () => void) => void): IpAccess {
  const access = new IpAccess({ load });
  onLocalChange?.(() => access.invalidate());
  bus
    .subscribe(IDENTITY_EVENTS_CHANNEL, (payload: unknown) => {
      if ((payload as { type?: unknown } | null)?.type === 'ip_blocks.changed') access.invalidate();
    })
    .then(() => access.enable())
    .catch((error: unknown) => logger.warn({ err: error }, 'identity events unavailable: IP blocks are read on every request'));
  return access;
}
