import { AppError } from '@social/errors';
import { ANONYMOUS, INVALID_TOKEN, REFUSED_LOGIN, type Principal } from './principal.js';
import {
  ALL_SCOPES,
  acceptedScopes,
  assertAccess,
  assertOptionalAccess,
  isKnownScope,
  parseScopes,
  type AccessRule,
} from './scopes.js';

/** Mastodon's `scopes_supported`, in its order (docs/api/oauth.md#scopes), typed out independently of scopes.ts. */
const MASTODON_SCOPES = [
  'read',
  'profile',
  'write', 'write:accounts', 'write:blocks', 'write:bookmarks', 'write:collections', 'write:conversations',
  'write:favourites', 'write:filters', 'write:follows', 'write:lists', 'write:media', 'write:mutes',
  'write:notifications', 'write:reports', 'write:statuses',
  'read:accounts', 'read:blocks', 'read:bookmarks', 'read:collections', 'read:favourites', 'read:filters',
  'read:follows', 'read:lists', 'read:mutes', 'read:notifications', 'read:search', 'read:statuses',
  'follow', 'push',
  'admin:read', 'admin:read:accounts', 'admin:read:reports', 'admin:read:domain_allows', 'admin:read:domain_blocks',
  'admin:read:ip_blocks', 'admin:read:email_domain_blocks', 'admin:read:canonical_email_blocks',
  'admin:write', 'admin:write:accounts', 'admin:write:reports', 'admin:write:domain_allows',
  'admin:write:domain_blocks', 'admin:write:ip_blocks', 'admin:write:email_domain_blocks',
  'admin:write:canonical_email_blocks',
];

function userToken(...scopes: string[]): Principal {
  return { kind: 'user', tokenId: '1', applicationId: '2', accountId: '3', scopes };
}

function appToken(...scopes: string[]): Principal {
  return { kind: 'app', tokenId: '4', applicationId: '2', accountId: null, scopes };
}

/** The AppError a call throws, or a failure when it throws nothing or something else. */
function refusal(call: () => void): { code: unknown; message: string } {
  try {
    call();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.extensions.code, message: error.message };
  }
  throw new Error('expected the call to be refused');
}

const INVALID_TOKEN_REFUSAL = { code: 'UNAUTHENTICATED', message: 'The access token is invalid' };
const OUTSIDE_SCOPES_REFUSAL = { code: 'FORBIDDEN', message: 'This action is outside the authorized scopes' };

describe('acceptedScopes', () => {
  describe('for a granular read or write scope', () => {
    it('adds the top-level read scope', () => {
      expect(acceptedScopes('read:statuses')).toEqual(['read:statuses', 'read']);
    });

    it('adds the top-level write scope', () => {
      expect(acceptedScopes('write:favourites')).toEqual(['write:favourites', 'write']);
    });
  });

  describe('for a granular admin scope', () => {
    it('adds admin:read, not read', () => {
      expect(acceptedScopes('admin:read:accounts')).toEqual(['admin:read:accounts', 'admin:read']);
    });

    it('adds admin:write, not write', () => {
      expect(acceptedScopes('admin:write:reports')).toEqual(['admin:write:reports', 'admin:write']);
    });
  });

  describe('for scopes without a parent', () => {
    it('accepts follow alone', () => {
      expect(acceptedScopes('follow')).toEqual(['follow']);
    });

    it('accepts push alone, which read and write do not cover', () => {
      expect(acceptedScopes('push')).toEqual(['push']);
    });

    it('accepts profile alone', () => {
      expect(acceptedScopes('profile')).toEqual(['profile']);
    });
  });

  describe('for several scopes sharing a parent', () => {
    it('lists the parent once', () => {
      expect(acceptedScopes('read:accounts', 'read:statuses', 'read')).toEqual(['read:accounts', 'read', 'read:statuses']);
    });
  });
});

describe('assertAccess', () => {
  const publish: AccessRule = { scopes: acceptedScopes('write:statuses'), user: true };
  const signUp: AccessRule = { scopes: acceptedScopes('write:accounts'), app: true };

  describe('without a token', () => {
    it('refuses with UNAUTHENTICATED "The access token is invalid"', () => {
      expect(refusal(() => assertAccess(ANONYMOUS, publish))).toEqual(INVALID_TOKEN_REFUSAL);
    });
  });

  describe('with a revoked token', () => {
    it('refuses with UNAUTHENTICATED "The access token is invalid"', () => {
      expect(refusal(() => assertAccess(INVALID_TOKEN, publish))).toEqual(INVALID_TOKEN_REFUSAL);
    });
  });

  describe('with the token of a user who may not sign in', () => {
    it("refuses with FORBIDDEN and Mastodon's text for the reason, before the scopes", () => {
      expect(refusal(() => assertAccess(REFUSED_LOGIN.unconfirmed, publish))).toEqual({ code: 'FORBIDDEN', message: 'Your login is missing a confirmed e-mail address' });
      expect(refusal(() => assertAccess(REFUSED_LOGIN.pending, publish))).toEqual({ code: 'FORBIDDEN', message: 'Your login is currently pending approval' });
      expect(refusal(() => assertAccess(REFUSED_LOGIN.disabled, publish))).toEqual({ code: 'FORBIDDEN', message: 'Your login is currently disabled' });
      expect(refusal(() => assertOptionalAccess(REFUSED_LOGIN.disabled, acceptedScopes('read:statuses')))).toEqual({ code: 'FORBIDDEN', message: 'Your login is currently disabled' });
    });
  });

  describe('with a token lacking every accepted scope', () => {
    it('refuses a user token with FORBIDDEN "This action is outside the authorized scopes"', () => {
      expect(refusal(() => assertAccess(userToken('read'), publish))).toEqual(OUTSIDE_SCOPES_REFUSAL);
    });

    it('checks the scope before the kind of token on a user operation', () => {
      expect(refusal(() => assertAccess(appToken('read'), publish))).toEqual(OUTSIDE_SCOPES_REFUSAL);
    });

    it('checks the scope before the kind of token on an app operation', () => {
      expect(refusal(() => assertAccess(userToken('read'), signUp))).toEqual(OUTSIDE_SCOPES_REFUSAL);
    });
  });

  describe('with an app token on a user operation', () => {
    it('refuses with FORBIDDEN "This method requires an authenticated user", reason USER_TOKEN_REQUIRED', () => {
      expect(refusal(() => assertAccess(appToken('write'), publish))).toEqual({
        code: 'FORBIDDEN',
        message: 'This method requires an authenticated user',
      });
      expect(() => assertAccess(appToken('write'), publish)).toThrow(expect.objectContaining({ extensions: { code: 'FORBIDDEN', reason: 'USER_TOKEN_REQUIRED' } }));
    });
  });

  describe('with a user token on an app operation', () => {
    it('refuses with FORBIDDEN "This method requires an client credentials authentication"', () => {
      expect(refusal(() => assertAccess(userToken('write:accounts'), signUp))).toEqual({
        code: 'FORBIDDEN',
        message: 'This method requires an client credentials authentication',
      });
      expect(() => assertAccess(userToken('write:accounts'), signUp)).toThrow(expect.objectContaining({ extensions: { code: 'FORBIDDEN', reason: 'APP_TOKEN_REQUIRED' } }));
    });
  });

  describe('with the right kind of token and one accepted scope', () => {
    it('lets a user token with the granular scope through', () => {
      expect(() => assertAccess(userToken('write:statuses'), publish)).not.toThrow();
    });

    it('lets a user token with the top-level scope through', () => {
      expect(() => assertAccess(userToken('read', 'write'), publish)).not.toThrow();
    });

    it('lets an app token through on an app operation', () => {
      expect(() => assertAccess(appToken('write'), signUp)).not.toThrow();
    });

    it('lets either kind through an operation that asks for neither', () => {
      const rule: AccessRule = { scopes: acceptedScopes('read:statuses') };
      expect(() => assertAccess(appToken('read'), rule)).not.toThrow();
      expect(() => assertAccess(userToken('read:statuses'), rule)).not.toThrow();
    });
  });
});

describe('assertOptionalAccess', () => {
  const view = acceptedScopes('read:statuses');

  describe('without a token', () => {
    it('lets the request through', () => {
      expect(() => assertOptionalAccess(ANONYMOUS, view)).not.toThrow();
    });
  });

  describe('with a revoked token', () => {
    it('refuses with UNAUTHENTICATED "The access token is invalid"', () => {
      expect(refusal(() => assertOptionalAccess(INVALID_TOKEN, view))).toEqual(INVALID_TOKEN_REFUSAL);
    });
  });

  describe('with a valid token', () => {
    it('refuses one without the scope with FORBIDDEN "This action is outside the authorized scopes"', () => {
      expect(refusal(() => assertOptionalAccess(userToken('write'), view))).toEqual(OUTSIDE_SCOPES_REFUSAL);
    });

    it('lets one with the scope through', () => {
      expect(() => assertOptionalAccess(userToken('read'), view)).not.toThrow();
    });

    it('lets an app token with the scope through', () => {
      expect(() => assertOptionalAccess(appToken('read:statuses'), view)).not.toThrow();
    });
  });

  describe('in authorized-only mode', () => {
    const REQUIRES_USER = { code: 'UNAUTHENTICATED', message: 'This API requires an authenticated user' };

    it('refuses a caller without a token with UNAUTHENTICATED "This API requires an authenticated user"', () => {
      expect(refusal(() => assertOptionalAccess({ ...ANONYMOUS, authorizedOnly: true }, view))).toEqual(REQUIRES_USER);
    });

    it('refuses an app token that carries the scope', () => {
      expect(refusal(() => assertOptionalAccess({ ...appToken('read'), authorizedOnly: true }, view))).toEqual(REQUIRES_USER);
    });

    it('still refuses a revoked token as invalid', () => {
      expect(refusal(() => assertOptionalAccess({ ...INVALID_TOKEN, authorizedOnly: true }, view))).toEqual(INVALID_TOKEN_REFUSAL);
    });

    it('lets a user token with the scope through', () => {
      expect(() => assertOptionalAccess({ ...userToken('read'), authorizedOnly: true }, view)).not.toThrow();
    });

    it('still checks the scope of a user token', () => {
      expect(refusal(() => assertOptionalAccess({ ...userToken('write'), authorizedOnly: true }, view))).toEqual(OUTSIDE_SCOPES_REFUSAL);
    });
  });
});

describe('parseScopes', () => {
  describe('for a space-separated string', () => {
    it('splits on any run of whitespace', () => {
      expect(parseScopes('read  write:statuses\tfollow\npush')).toEqual(['read', 'write:statuses', 'follow', 'push']);
    });

    it('drops leading and trailing blanks', () => {
      expect(parseScopes('  read write ')).toEqual(['read', 'write']);
    });

    it('keeps the first of duplicates, in order', () => {
      expect(parseScopes('write read write')).toEqual(['write', 'read']);
    });
  });

  describe('for a blank string', () => {
    it('gives no scopes', () => {
      expect(parseScopes('   ')).toEqual([]);
      expect(parseScopes('')).toEqual([]);
    });
  });
});

describe('isKnownScope', () => {
  describe("for each scope of Mastodon's scopes_supported", () => {
    it.each(MASTODON_SCOPES)('knows %s', (scope) => {
      expect(isKnownScope(scope)).toBe(true);
    });
  });

  describe('for scopes Mastodon does not configure', () => {
    it.each(['read:reports', 'crypto', 'READ', 'read:', 'write:status', 'admin', ''])('refuses %p', (scope) => {
      expect(isKnownScope(scope)).toBe(false);
    });
  });

  describe('the published list', () => {
    it("is exactly Mastodon's, in scopes_supported order", () => {
      expect(ALL_SCOPES).toEqual(MASTODON_SCOPES);
    });
  });
});
