export * from './entities';
export * from './eventually';
export * from './http-client';
export * from './ports';
export * from './postgres';
export * from './service-process';
export * from './staff';
export * from './targets';
export * from './testrig';

/** Where the end-to-end globalSetup publishes the running target's base URL. */
export const BASE_URL_ENV = 'E2E_BASE_URL';

/** The base URL of the server under test (set by the e2e globalSetup, or by hand to test a running server). */
export function e2eBaseUrl(): string {
  const value = process.env[BASE_URL_ENV];
  if (!value) throw new Error(`${BASE_URL_ENV} is not set: run the suite with node test/run-targets.js (its globalSetup starts a server)`);
  return value.replace(/\/+$/, '');
}

/** Where the end-to-end globalSetup publishes the gateway's GraphQL endpoint. */
export const GRAPHQL_URL_ENV = 'E2E_GRAPHQL_URL';

/** The gateway's GraphQL endpoint of the server under test (defaults to the base URL's /graphql). */
export function e2eGraphqlUrl(): string {
  return process.env[GRAPHQL_URL_ENV] ?? `${e2eBaseUrl()}/graphql`;
}
