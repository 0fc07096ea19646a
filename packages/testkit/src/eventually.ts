export interface EventuallyOptions {
  /** How long to keep trying (default 20 s: the machine running the tests may be loaded). */
  timeoutMs?: number;
  /** The pause between two attempts (default 50 ms). */
  intervalMs?: number;
  /** What is awaited, named in the error when it does not happen. */
  what?: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_INTERVAL_MS = 50;

/**
 * Waits for something to happen instead of sleeping a fixed time: calls `attempt` until it neither
 * throws nor answers `false`, and resolves with its answer. So an attempt may be a condition
 * (`() => jobs.length === 0`), a value or false (`() => response.status === 200 && response`), or
 * assertions (`async () => expect(await read()).toBe(1)`), which throw until they pass. Past the
 * deadline it rejects with the last attempt's error (an assertion's diff), or with a timeout naming
 * `what`.
 */
export async function eventually<T>(attempt: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<Exclude<T, false>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    let failure: { error: unknown } | null = null;
    try {
      const answer = await attempt();
      if (answer !== false) return answer as Exclude<T, false>;
    } catch (error) {
      failure = { error };
    }
    if (Date.now() >= deadline) throw timedOut(options.what, Date.now() - started, failure);
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
}

function timedOut(what: string | undefined, elapsedMs: number, failure: { error: unknown } | null): unknown {
  const waited = `${what ?? 'the awaited condition'}: still not met after ${elapsedMs} ms`;
  if (!failure) return new Error(waited);
  // Keep the assertion's own error (its diff is the useful part) and say what was awaited.
  if (failure.error instanceof Error) {
    failure.error.message = `${waited}; the last attempt failed with:\n${failure.error.message}`;
    return failure.error;
  }
  return new Error(`${waited}; the last attempt threw ${String(failure.error)}`);
}
