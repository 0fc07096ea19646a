import type { AuthorizationPromptQuery } from '../gql/operations.js';
import type { Params } from '../http/params.js';
import type { RequestFields } from './pages.js';

/** The authorization request's parameters (REST name -> GraphQL input name). */
const FIELDS = {
  response_type: 'responseType',
  client_id: 'clientId',
  redirect_uri: 'redirectUri',
  scope: 'scope',
  state: 'state',
  code_challenge: 'codeChallenge',
  code_challenge_method: 'codeChallengeMethod',
  response_mode: 'responseMode',
} as const;

export interface AuthorizationRequest {
  /** As the client sent them, for hidden fields and the way back to the page; `lang` rides along. */
  fields: RequestFields;
  /** The GraphQL AuthorizationRequestInput. */
  input: Record<string, string | null>;
}

/** The request from GET /oauth/authorize's query, or from the hidden fields of a form of the flow. */
export function readAuthorizationRequest(params: Params): AuthorizationRequest {
  const fields: RequestFields = {};
  const input: Record<string, string | null> = {};
  for (const [name, inputName] of Object.entries(FIELDS)) {
    const value = params.string(name) ?? null;
    fields[name] = value;
    input[inputName] = value;
  }
  fields.lang = params.string('lang') ?? null;
  return { fields, input };
}

/** Back to the authorize page with the same request (force_login is never carried, or sign-in would loop). */
export function authorizePath(request: AuthorizationRequest): string {
  const query = new URLSearchParams(Object.entries(request.fields).filter((entry): entry is [string, string] => entry[1] !== null));
  return `/oauth/authorize?${query.toString()}`;
}

/** The page header names the server by its host. */
export function brandOf(publicUrl: string): string {
  return new URL(publicUrl).host;
}

/** The sign-in and consent page's prompt, as AuthorizationPrompt selects it (routes/oauth/authorization-prompt.graphql). */
export type GqlAuthorizationPrompt = AuthorizationPromptQuery['authorizationPrompt'];
