import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver } from 'type-graphql';
import { AppError } from '@social/errors';
import type { IdentityContext } from '../context.js';
import { invalidTokenError, payload } from '@social/federation';
import { Application, RegisterApplicationInput } from './application.type.js';
import { RegisterApplicationPayload } from './application.payload.js';
import type { ApplicationService } from './application.service.js';

@Resolver(() => Application)
export class ApplicationResolver {
  constructor(
    private readonly service: ApplicationService,
    /** The VAPID public key (docs/api/push.md#vapid-keys). */
    private readonly vapidPublicKey: () => Promise<string>,
  ) {}

  @FieldResolver(() => String, { description: "The server's VAPID public key, for Web Push." })
  vapidKey(): Promise<string> {
    return this.vapidPublicKey();
  }

  @Mutation(() => RegisterApplicationPayload, { description: 'Registers a client application. Needs no token.' })
  registerApplication(
    @Arg('input', () => RegisterApplicationInput, { description: 'Name, redirect URIs, scopes and website of the application.' }) input: RegisterApplicationInput,
  ): Promise<RegisterApplicationPayload> {
    return payload(async () => ({ registration: await this.service.register(input) }), { registration: null });
  }

  @Query(() => Application, { description: 'The application behind the current token (any valid token).' })
  async currentApplication(@Ctx() ctx: IdentityContext): Promise<Application> {
    const { applicationId, kind } = ctx.principal;
    if (kind === 'invalid') throw invalidTokenError(ctx.principal);
    if (kind === 'anonymous' || !applicationId) throw AppError.invalidToken();
    const record = await ctx.applications.load(applicationId);
    if (!record) throw AppError.invalidToken();
    return this.service.toApplication(record);
  }
}
