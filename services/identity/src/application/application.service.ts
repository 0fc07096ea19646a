import { AppError } from '@social/errors';
import { exceedsCodePoints } from '@social/content';
import { isKnownScope, parseScopes, SCOPES_TEXT_LIMIT } from '@social/federation';
import type { IdentityConfig } from '../config.js';
import { hashSecret, newSecret } from '../crypto/secrets.js';
import type { ApplicationData, ApplicationRecord } from './application.data.js';
import type { Application, ApplicationRegistration, RegisterApplicationInput } from './application.type.js';

export const OUT_OF_BAND_URI = 'urn:ietf:wg:oauth:2.0:oob';
const FORBIDDEN_SCHEMES = new Set(['data:', 'vbscript:', 'javascript:']);
const NAME_LIMIT = 60;
const URIS_LIMIT = 2000;
const WEBSITE_LIMIT = 2000;

/** Registration rules of Mastodon's apps controller and Doorkeeper's validators. */
export class ApplicationService {
  constructor(
    private readonly data: ApplicationData,
    private readonly config: IdentityConfig,
  ) {}

  async register(input: RegisterApplicationInput): Promise<ApplicationRegistration> {
    const name = input.clientName.trim();
    const redirectUris = input.redirectUris.map((uri) => uri.trim()).filter(Boolean);
    const scopes = (input.scopes?.length ?? 0) > SCOPES_TEXT_LIMIT ? [] : parseScopes(input.scopes ?? 'read');
    const problems: string[] = [];
    if (!name) problems.push("Application name can't be blank");
    else if (exceedsCodePoints(name, NAME_LIMIT)) problems.push(`Application name is too long (maximum is ${NAME_LIMIT} characters)`);
    problems.push(...redirectUriProblems(redirectUris));
    if (scopes.length === 0 || !scopes.every(isKnownScope)) problems.push("Scopes doesn't match those configured on the server.");
    const website = input.website?.trim() || null;
    if (website && exceedsCodePoints(website, WEBSITE_LIMIT)) problems.push(`Application website is too long (maximum is ${WEBSITE_LIMIT} characters)`);
    else if (website && !isHttpUrl(website)) problems.push('Application website is not a valid URL');
    if (problems.length > 0) throw AppError.validation(problems);

    const clientSecret = newSecret();
    const record = await this.data.create({
      name,
      website,
      redirectUris: redirectUris.join('\n'),
      scopes: scopes.join(' '),
      clientId: newSecret(),
      clientSecretHash: hashSecret(clientSecret),
    });
    return { application: this.toApplication(record), clientId: record.clientId, clientSecret };
  }

  toApplication(record: ApplicationRecord): Application {
    return {
      id: record.id.toString(),
      name: record.name,
      website: record.website,
      scopes: parseScopes(record.scopes),
      redirectUris: record.redirectUris.split('\n').filter(Boolean),
    };
  }
}

function redirectUriProblems(uris: string[]): string[] {
  if (uris.length === 0) return ["Redirect URI can't be blank"];
  if (uris.join('\n').length > URIS_LIMIT) return [`Redirect URI is too long (maximum is ${URIS_LIMIT} characters)`];
  for (const uri of uris) {
    if (uri === OUT_OF_BAND_URI || uri === `${OUT_OF_BAND_URI}:auto`) continue;
    let parsed: URL;
    try {
      parsed = new URL(uri);
    } catch {
      return ['Redirect URI must be an absolute URI.'];
    }
    if (parsed.hash || uri.includes('#')) return ['Redirect URI cannot contain a fragment.'];
    if (FORBIDDEN_SCHEMES.has(parsed.protocol)) return ['Redirect URI is forbidden by the server.'];
  }
  return [];
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
