import type { IdentityContext } from '../context.js';
import type { ApplicationService } from './application.service.js';

export function resolveApplicationReference(service: ApplicationService) {
  return async (reference: { id: string }, ctx: IdentityContext) => {
    const record = await ctx.applications.load(reference.id);
    return record ? service.toApplication(record) : null;
  };
}
