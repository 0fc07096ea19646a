import { ANONYMOUS, bodyDigest, invalidPrincipal, signPrincipal, type IpBlockRecord, type Principal } from '@social/federation';
import { Pool } from 'undici';

/**
 * Resolves tokens through the identity process's internal route, on a
 * keep-alive pool. The gateway signs the call like any other; `timeoutMs`
 * bounds the wait, as for the gateway's subgraph fetches.
 */
export function httpPrincipalResolver(identityUrl: string, secret: string, timeoutMs = 300_000): (token: string | null) => Promise<Principal> {
  const url = new URL(identityUrl);
  const pool = new Pool(url.origin, { connections: 32, keepAliveTimeout: 60_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  // The tokenless principal carries identity's authorized-only setting; it changes only with a restart.
  let anonymous: { principal: Principal; until: number } | null = null;
  const lookup = async (token: string | null): Promise<Principal> => {
    const body = JSON.stringify({ token });
    const signed = signPrincipal(ANONYMOUS, secret, { method: 'POST', path: PRINCIPAL_ROUTE, bodyDigest: bodyDigest(body) });
    const response = await pool.request({ method: 'POST', path: PRINCIPAL_ROUTE, headers: { 'content-type': 'application/json', ...signed }, body });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw Object.assign(new Error(`identity answered ${response.statusCode} for a principal lookup`), { code: 'ECONNREFUSED' });
    }
    const principal = (await response.body.json()) as Principal;
    return principal.kind === 'invalid' ? invalidPrincipal(principal.refusal) : Object.freeze(principal);
  };
  return async (token) => {
    if (token) return lookup(token);
    if (anonymous && anonymous.until > Date.now()) return anonymous.principal;
    const principal = await lookup(null);
    anonymous = { principal, until: Date.now() + ANONYMOUS_TTL_MS };
    return principal;
  };
}

const ANONYMOUS_TTL_MS = 30_000;
const PRINCIPAL_ROUTE = '/internal/principal';

const IP_BLOCKS_ROUTE = '/internal/ip-blocks';

/** The IP blocks in force, read from the identity process's internal route (signed, as a principal lookup). */
export function httpIpBlocksLoader(identityUrl: string, secret: string, timeoutMs = 300_000): () => Promise<IpBlockRecord[]> {
  const url = new URL(identityUrl);
  const pool = new Pool(url.origin, { connections: 4, keepAliveTimeout: 60_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  return async () => {
    const body = '{}';
    const signed = signPrincipal(ANONYMOUS, secret, { method: 'POST', path: IP_BLOCKS_ROUTE, bodyDigest: bodyDigest(body) });
    const response = await pool.request({ method: 'POST', path: IP_BLOCKS_ROUTE, headers: { 'content-type': 'application/json', ...signed }, body });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw Object.assign(new Error(`identity answered ${response.statusCode} for the IP blocks`), { code: 'ECONNREFUSED' });
    }
    return (await response.body.json()) as IpBlockRecord[];
  };
}
