/** Where a command reports: results on stdout, progress on stderr (so `> file` keeps only results). */
export interface Output {
  out(line: string): void;
  progress(label: string, total?: number): Progress;
}

/**
 * A counter for long commands: redrawn in place (with a bar when the total
 * is known) on a terminal; otherwise a plain line every `lineEvery` items
 * and at the end, which reads well in logs and CI.
 */
export class Progress {
  private count = 0;
  private lastDraw = 0;

  constructor(
    private readonly label: string,
    private readonly total: number | undefined,
    private readonly stream: NodeJS.WriteStream,
    private readonly lineEvery = 100,
  ) {}

  private get tty(): boolean {
    return this.stream.isTTY === true;
  }

  /** Sets the running count (`done`), or adds one. */
  tick(done = this.count + 1): void {
    this.count = done;
    if (this.tty) {
      const now = Date.now();
      if (now - this.lastDraw >= 50 || done === this.total) {
        this.lastDraw = now;
        this.stream.write(`\r${this.describe(true)}`);
      }
    } else if (done % this.lineEvery === 0) {
      this.stream.write(`${this.describe(false)}\n`);
    }
  }

  /** The last state, on its own line. */
  finish(): void {
    this.stream.write(this.tty ? `\r${this.describe(true)}\n` : `${this.describe(false)} done\n`);
  }

  private describe(bar: boolean): string {
    if (this.total === undefined) return `${this.label}: ${this.count}`;
    const ratio = this.total === 0 ? 1 : Math.min(1, this.count / this.total);
    const width = 30;
    const filled = Math.round(ratio * width);
    const drawn = bar ? ` [${'#'.repeat(filled)}${' '.repeat(width - filled)}]` : '';
    return `${this.label}:${drawn} ${this.count}/${this.total} (${Math.round(ratio * 100)}%)`;
  }
}

export const consoleOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  progress: (label, total) => new Progress(label, total, process.stderr),
};
