import { Ctx, Query, Resolver } from 'type-graphql';
import { AppError } from '@social/errors';
import { Access, acceptedScopes } from '@social/federation';
import type { IdentityContext } from '../context.js';
import { Preferences } from './preferences.type.js';

/** Reading settings are not stored yet: Mastodon's defaults. */
const READING_DEFAULTS = { readingExpandMedia: 'default', readingExpandSpoilers: false } as const;

@Resolver(() => Preferences)
export class PreferencesResolver {
  @Query(() => Preferences, { description: "The caller's posting defaults (from the account settings) and reading preferences." })
  @Access({ scopes: acceptedScopes('read:accounts'), user: true })
  async preferences(@Ctx() ctx: IdentityContext): Promise<Preferences> {
    const record = await ctx.accounts.load(ctx.principal.accountId as string);
    if (!record) throw AppError.invalidToken();
    return {
      postingDefaultVisibility: record.user?.defaultPrivacy ?? 'public',
      postingDefaultSensitive: record.user?.defaultSensitive ?? false,
      postingDefaultLanguage: record.user?.defaultLanguage ?? null,
      ...READING_DEFAULTS,
    };
  }
}
