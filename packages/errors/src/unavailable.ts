/**
 * Whether an error means a dependency (PostgreSQL, Redis, a subgraph) is
 * down or saturated rather than that the request is wrong: such errors
 * become UNAVAILABLE (HTTP 503, "try again") instead of a 500. Read
 * structurally (codes, names) so no driver needs importing here.
 */
const UNAVAILABLE_CODES = new Set([
  // Prisma: can't reach / timed out / closed, pool timeout, transaction could not start
  'P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028',
  // Node sockets, DNS (a stopped container's name stops resolving) and undici, whose timeouts bound a stalled process
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT',
  // PostgreSQL: shutting down, starting up, connection failures, too many connections
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300',
]);

const UNAVAILABLE_NAMES = new Set(['PrismaClientInitializationError', 'DatabaseNotReachable', 'ConnectionClosed']);

const UNAVAILABLE_MESSAGES = /Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)|Connection is closed|Unable to start a transaction/i;

/** Seconds a 503's Retry-After asks a client to wait: a restarted process or a replica is usually there by then. */
export const RETRY_AFTER_SECONDS = 1;

export function isUnavailableError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const record = error as { code?: unknown; name?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (typeof record.code === 'string' && UNAVAILABLE_CODES.has(record.code)) return true;
  if ((typeof record.name === 'string' && UNAVAILABLE_NAMES.has(record.name)) || (typeof record.kind === 'string' && UNAVAILABLE_NAMES.has(record.kind))) return true;
  if (typeof record.message === 'string' && UNAVAILABLE_MESSAGES.test(record.message)) return true;
  return isUnavailableError(record.cause, depth + 1) || isUnavailableError(record.meta?.driverAdapterError, depth + 1);
}
