import { AppError } from '@social/errors';

/**
 * How clients and other servers name a local account: a handle (`alice`,
 * `@alice`, `alice@host`) or, in WebFinger, an `acct:` URI or one of its URLs.
 * Only this server's accounts resolve: there is no federation yet.
 */
export class AccountHandles {
  /** This server's host, as in handles and in `/api/v2/instance`'s domain (with the port when there is one). */
  readonly domain: string;

  constructor(publicUrl: string) {
    this.domain = new URL(publicUrl).host.toLowerCase();
  }

  /** The username of a handle, or null when it names another server's account. */
  usernameOfHandle(handle: string): string | null {
    // As Ruby's split: a trailing `@` leaves no domain part.
    const [username = '', domain = '', ...rest] = handle.trim().replace(/^@/, '').split('@');
    if (!username || rest.length > 0) return null;
    return domain === '' || domain.toLowerCase() === this.domain ? username : null;
  }

  /**
   * The username of a WebFinger resource: `acct:alice@host` (or without
   * `acct:`), the profile URL `https://host/@alice` or the actor URL
   * `https://host/users/alice`; null when it names nothing of this server.
   * Any other form is a bad request.
   */
  usernameOfResource(resource: string): string | null {
    const value = resource.trim();
    if (!value) throw AppError.badRequest('param is missing or the value is empty: resource');
    if (/^https?:\/\//i.test(value)) return this.usernameOfUrl(value);
    if (value.includes('@')) return this.usernameOfHandle(value.replace(/^acct:/i, ''));
    throw AppError.badRequest('resource must be acct:username@domain or a profile URL');
  }

  /** The username of a profile or actor URL of this server; null for any other URL. A malformed URL is a bad request. */
  usernameOfUrl(value: string): string | null {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw AppError.badRequest('resource must be acct:username@domain or a profile URL');
    }
    // By host alone: behind a proxy ending TLS, either scheme names the same account.
    if (url.host !== this.domain) return null;
    const match = /^\/(?:@|users\/)([^/]+)\/?$/.exec(url.pathname);
    if (!match) return null;
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return null;
    }
  }
}
