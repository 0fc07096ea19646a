import { createMethodMiddlewareDecorator } from 'type-graphql';
import type { BaseContext } from './context.js';
import { assertAdminAccess, type Permission } from './permissions.js';
import { assertAccess, assertOptionalAccess, type AccessRule } from './scopes.js';

/**
 * Declares who may call an operation, at the top of its resolver, as each
 * Mastodon controller declares its scopes.
 */
export function Access(rule: AccessRule): MethodDecorator {
  return createMethodMiddlewareDecorator<BaseContext>(async ({ context }, next): Promise<unknown> => {
    assertAccess(context.principal, rule);
    return next();
  });
}

/** A public operation that checks the scope when a token is given. */
export function OptionalAccess(...scopes: string[]): MethodDecorator {
  return createMethodMiddlewareDecorator<BaseContext>(async ({ context }, next): Promise<unknown> => {
    assertOptionalAccess(context.principal, scopes);
    return next();
  });
}

/** An admin operation: its admin scope, a user token, and the permission of the user's role (docs/api/moderation.md). */
export function AdminAccess(scopes: readonly string[], permission: Permission): MethodDecorator {
  return createMethodMiddlewareDecorator<BaseContext>(async ({ context }, next): Promise<unknown> => {
    assertAdminAccess(context.principal, { scopes }, permission);
    return next();
  });
}
