import type { PrismaClient } from '@social/db';
import { POLL_LIMITS, STATUS_LIMITS } from '../config.js';
import type { Instance } from './instance.type.js';

export function resolveInstanceReference(prisma: PrismaClient) {
  return async (reference: { domain: string }): Promise<Instance> => ({
    domain: reference.domain,
    statusCount: await prisma.status.count({ where: { reblogOfId: null } }),
    statusLimits: { ...STATUS_LIMITS },
    pollLimits: { ...POLL_LIMITS },
  });
}
