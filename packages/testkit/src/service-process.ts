import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT, SERVER_MAIN } from './paths';

const KEPT_LINES = 200;
const HEALTH_POLL_MS = 100;

/** Server settings never inherited from the caller's environment: each target sets its own. */
const SERVER_SETTINGS = [
  'PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR', 'MEDIA_DIR', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'REDIS_URL', 'REDIS_NAMESPACE', 'INTERNAL_SECRET',
  'IDENTITY_URL', 'STATUSES_URL', 'MEDIA_URL', 'GATEWAY_URL', 'LOG_LEVEL', 'INSTANCE_TITLE', 'REGISTRATIONS_OPEN', 'REGISTRATIONS_MODE',
  'DEFAULT_LANGUAGE', 'GRAPHQL_INTROSPECTION', 'BODY_LIMIT_BYTES', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY',
];

/**
 * The suite signs up dozens of accounts and signs in hundreds of times from
 * one address, far past the 5 sign-ups per 30 minutes and the 25
 * sign-ins per 5 minutes: general targets get roomy buckets (the headers
 * still flow); the rate-limit tests start servers with small ones.
 */
/**
 * Limits a test's own traffic would otherwise meet (every test signs up from 127.0.0.1, and
 * one signs up 100 accounts at once, past the password-hashing queue); tests of a limit set theirs.
 */
const ROOMY_LIMITS: Record<string, string> = {
  RATE_LIMIT_API_PER_ACCOUNT: '100000/300',
  RATE_LIMIT_API_PER_IP: '100000/300',
  RATE_LIMIT_SIGN_UP: '100000/1800',
  RATE_LIMIT_MEDIA_UPLOADS: '100000/1800',
  RATE_LIMIT_DELETIONS: '100000/1800',
  RATE_LIMIT_SIGN_IN_PER_IP: '100000/300',
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100000/3600',
  PASSWORD_HASH_QUEUE: '1000',
};

/** The environment of a server process (or an admin command beside it): these settings over the caller's, less the ones each target sets. */
export function serverEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVER_SETTINGS) delete env[key];
  for (const key of Object.keys(env)) if (key.startsWith('RATE_LIMIT')) delete env[key];
  return { ...env, ...ROOMY_LIMITS, ...settings };
}

/** Every server process still running, so a crashing test run leaves none behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One server process (`node server/dist/main.js <role>`): its output is kept
 * (the last lines) for error messages, its health polled, and it is stopped
 * with SIGTERM, then SIGKILL.
 */
export class ServiceProcess {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private partial = '';
  private exitResult: ExitResult | null = null;
  private readonly exited: Promise<ExitResult>;
  /** True when stop() had to send SIGKILL. */
  killed = false;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly role: string,
    private readonly env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, [SERVER_MAIN, role], {
      cwd: REPO_ROOT,
      env: serverEnvironment({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(this.child);
    this.child.stdout?.on('data', (chunk: Buffer) => this.capture(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => this.capture(chunk));
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        running.delete(this.child);
        this.exitResult = { code, signal };
        resolve(this.exitResult);
      });
      this.child.once('error', (error) => {
        this.lines.push(`spawn error: ${error.message}`);
        running.delete(this.child);
        this.exitResult = { code: null, signal: null };
        resolve(this.exitResult);
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The process's last lines of output (stdout and stderr together). */
  lastLines(count = 40): string {
    const tail = this.partial ? [...this.lines, this.partial] : this.lines;
    return tail.slice(-count).join('\n');
  }

  /** Resolves when GET /health answers 200 OK; throws with the output if the process dies or time runs out. */
  async waitForHealth(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitResult) throw this.startError(`exited (${describeExit(this.exitResult)}) before answering /health`);
      if (await this.healthy()) return;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
    }
    throw this.startError(`did not answer GET /health with 200 OK within ${timeoutMs} ms`);
  }

  /** SIGTERM, then SIGKILL after `timeoutMs`; resolves with how it exited. */
  async stop(timeoutMs: number): Promise<ExitResult> {
    if (this.exitResult) return this.exitResult;
    this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const first = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    if (first !== 'timeout') return first;
    this.killed = true;
    this.child.kill('SIGKILL');
    return this.exited;
  }

  /** kill -9: no drain, no cleanup; resolves once the process has exited. */
  async kill9(): Promise<ExitResult> {
    if (this.exitResult) return this.exitResult;
    this.child.kill('SIGKILL');
    return this.exited;
  }

  /** Sends a signal: SIGSTOP freezes the process (a stalled service that still holds its port), SIGCONT resumes it. */
  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** A new process of the same name, role, port and settings (this one must have exited). */
  relaunch(): ServiceProcess {
    if (!this.exitResult) throw new Error(`The ${this.name} process is still running`);
    return new ServiceProcess(this.name, this.port, this.role, this.env);
  }

  private async healthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2000) });
      const body = await response.text();
      return response.status === 200 && body === 'OK';
    } catch {
      return false;
    }
  }

  private startError(what: string): Error {
    return new Error(`The ${this.name} process (port ${this.port}) ${what}. Its last output:\n${this.lastLines() || '(none)'}`);
  }

  private capture(chunk: Buffer): void {
    const text = this.partial + chunk.toString('utf8');
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
  }
}

export function describeExit(result: ExitResult): string {
  return result.signal ? `signal ${result.signal}` : `code ${String(result.code)}`;
}
