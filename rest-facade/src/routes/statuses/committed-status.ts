/**
 * Status writes (publish, favourite, boost, ...) that committed but whose answer could not be built:
 * a subgraph the answer needs went away between the commit and the answer, and the gateway's
 * UNAVAILABLE names the status the write made or changed. Rather than a 503 the client might retry
 * into a duplicate, the status is read again by that id for a short bounded time, so a restarted
 * process or another replica answers; failing that, the 503 naming the id stands (http/errors.ts).
 */
import { ErrorCode, isUnavailableError } from '@social/errors';
import type { Request, Response } from 'express';
import type { GqlStatus } from '../../entities/status/to-mastodon.js';
import { run, runMutation, type FacadeServices } from '../../http/context.js';
import { committedIdOf, GatewayError } from '../../http/errors.js';
import type { Operation } from '../../gateway-client.js';
import { GetCommittedStatus } from '../../gql/operations.js';

/** How long a committed write's answer is sought again: about a process restart; the client waits meanwhile. */
const REREAD_MS = 3_000;
const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 1_000;

/** Runs a status write (the mutation `field`, whose payload holds the Status as `status`) and returns the status it answers with. */
export async function runStatusWrite(
  services: FacadeServices,
  req: Request,
  res: Response,
  write: Operation,
  variables: Record<string, unknown>,
  field: string,
): Promise<GqlStatus> {
  try {
    return (await runMutation<{ status: GqlStatus }>(services, req, res, write, variables, field)).status;
  } catch (error) {
    const id = error instanceof GatewayError ? committedIdOf(error.error) : null;
    if (!id) throw error;
    const status = await reread(services, req, res, id);
    if (!status) throw error;
    return status;
  }
}

/** The committed status as its writer sees it, once the federation can build it again; null if it cannot within REREAD_MS. */
async function reread(services: FacadeServices, req: Request, res: Response, id: string): Promise<GqlStatus | null> {
  const deadline = Date.now() + REREAD_MS;
  for (let pause = FIRST_PAUSE_MS; Date.now() + pause < deadline; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    try {
      return (await run(services, req, res, GetCommittedStatus, { id })).status;
    } catch (error) {
      const stillAway = error instanceof GatewayError ? error.error.extensions?.code === ErrorCode.UNAVAILABLE : isUnavailableError(error);
      // Anything but an outage (deleted since, a rate limit): the write's own answer stands.
      if (!stillAway) return null;
    }
  }
  return null;
}
