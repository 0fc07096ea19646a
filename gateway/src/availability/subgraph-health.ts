import { subgraphUp } from '@social/telemetry';

export interface SubgraphHealthOptions {
  /** Each remote subgraph's base URL; its GET /health answers "OK" while it serves. */
  urls: Record<string, string>;
  /** Pause between two probes of a subgraph known down. */
  probeIntervalMs?: number;
  /** A probe that takes longer than this failed (a stalled process). */
  probeTimeoutMs?: number;
  logger?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

const PROBE_INTERVAL_MS = 250;
const PROBE_TIMEOUT_MS = 1_000;

/**
 * What the gateway knows of each subgraph process: up until a fetch to it
 * fails at the connection (refused, reset, timed out), then down until a
 * background probe of its /health answers, or a fetch to it succeeds. While
 * every subgraph is up nothing runs and each request pays one boolean read
 * (`allUp`); knowing a subgraph down lets the gateway refuse an operation
 * that needs it before any of its fetches, so a write does not commit in
 * one subgraph and then lose its answer in another.
 */
export class SubgraphHealth {
  private readonly down = new Map<string, { since: number; timer: NodeJS.Timeout | null }>();
  private readonly probeIntervalMs: number;
  private readonly probeTimeoutMs: number;
  private closed = false;
  /** False from the first failure until every subgraph is back. */
  allUp = true;

  constructor(private readonly options: SubgraphHealthOptions) {
    this.probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
    this.probeTimeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
    for (const name of Object.keys(options.urls)) subgraphUp.set({ subgraph: name }, 1);
  }

  isDown(name: string): boolean {
    return this.down.has(name);
  }

  /** The first of these subgraphs known down, if any. */
  firstDown(names: readonly string[]): string | undefined {
    return names.find((name) => this.down.has(name));
  }

  /** A fetch to the subgraph failed at the connection: refuse what needs it until it answers again. */
  markDown(name: string, cause: unknown): void {
    if (!(name in this.options.urls) || this.down.has(name) || this.closed) return;
    this.down.set(name, { since: Date.now(), timer: null });
    this.allUp = false;
    subgraphUp.set({ subgraph: name }, 0);
    this.options.logger?.warn({ subgraph: name, err: cause }, 'subgraph unreachable: operations that need it answer 503 until its /health answers');
    this.scheduleProbe(name);
  }

  markUp(name: string): void {
    const state = this.down.get(name);
    if (!state) return;
    if (state.timer) clearTimeout(state.timer);
    this.down.delete(name);
    this.allUp = this.down.size === 0;
    subgraphUp.set({ subgraph: name }, 1);
    this.options.logger?.info({ subgraph: name, downMs: Date.now() - state.since }, 'subgraph reachable again');
  }

  close(): void {
    this.closed = true;
    for (const state of this.down.values()) if (state.timer) clearTimeout(state.timer);
  }

  private scheduleProbe(name: string): void {
    const state = this.down.get(name);
    if (!state || this.closed) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      void this.probe(name).then((healthy) => (healthy ? this.markUp(name) : this.scheduleProbe(name)));
    }, this.probeIntervalMs);
    state.timer.unref();
  }

  private async probe(name: string): Promise<boolean> {
    try {
      const response = await fetch(new URL('/health', this.options.urls[name]), { signal: AbortSignal.timeout(this.probeTimeoutMs) });
      return response.status === 200 && (await response.text()) === 'OK';
    } catch {
      return false;
    }
  }
}
