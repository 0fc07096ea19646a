import { orNullIfNotFound } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusService } from './status.service.js';

/** Entity references honour visibility too: a hidden status resolves to null. */
export function resolveStatusReference(service: StatusService) {
  return async (reference: { id: string }, ctx: StatusesContext) => {
    const record = await orNullIfNotFound(service.view(reference.id, ctx));
    return record ? service.toStatus(record, ctx) : null;
  };
}
