import { Supergraph } from '@apollo/federation-internals';
import { SUBSCRIPTION_SDL } from '@social/gateway';
import { buildSchema, extendSchema, parse, printSchema, type GraphQLSchema } from 'graphql';

/** The committed contract: the public schema as clients see it, over HTTP and graphql-ws. */
export const CONTRACT_FILE = 'gateway/api-schema.graphql';

/**
 * What frontends see: the supergraph's API schema (join directives and
 * @inaccessible elements removed) plus the gateway's Subscription type,
 * which no subgraph serves and composition therefore never sees.
 */
export function frontendSchema(supergraphSdl: string): GraphQLSchema {
  const api = Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema();
  return extendSchema(api, parse(SUBSCRIPTION_SDL));
}

/** The contract file's text for a supergraph. */
export function contractSdl(supergraphSdl: string): string {
  return `${printSchema(frontendSchema(supergraphSdl)).trim()}\n`;
}

/**
 * A schema to compare from either kind of committed file: a supergraph
 * (states from before the contract file existed: its API schema, without
 * subscriptions) or a contract.
 */
export function comparableSchema(sdl: string): GraphQLSchema {
  if (sdl.includes('https://specs.apollo.dev/join/')) return Supergraph.build(sdl).apiSchema().toGraphQLJSSchema();
  return buildSchema(sdl);
}
