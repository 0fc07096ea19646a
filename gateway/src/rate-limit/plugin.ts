import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind } from 'graphql';
import { ErrorCode, Messages } from '@social/errors';
import type { GatewayContext } from '../context.js';
import type { RateLimiter } from './limiter.js';

/**
 * Applies the rate limits to every operation once it is parsed (the buckets
 * depend on its root fields), for REST and GraphQL clients alike, and reports
 * the closest bucket in `extensions.rateLimit` for the facade's headers.
 */
export function rateLimitPlugin(limiter: RateLimiter): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          if (!operation || operation.operation === 'subscription') return;
          const rootFields = operation.selectionSet.selections.flatMap((selection) =>
            selection.kind === Kind.FIELD ? [selection.name.value] : [],
          );
          const decision = await limiter.check(rootFields, contextValue.principal, contextValue.clientIp);
          contextValue.rateLimit = decision.report;
          if (!decision.allowed) {
            throw new GraphQLError(Messages.tooManyRequests, {
              extensions: { code: ErrorCode.RATE_LIMITED, rateLimit: decision.report, http: { status: 429 } },
            });
          }
        },
        async willSendResponse({ contextValue, response }) {
          if (contextValue.rateLimit && response.body.kind === 'single') {
            response.body.singleResult.extensions = { ...response.body.singleResult.extensions, rateLimit: contextValue.rateLimit };
          }
        },
      };
    },
  };
}
