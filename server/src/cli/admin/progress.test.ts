import { Progress } from './progress';

function stream(tty: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY: tty, write: (chunk: string) => written.push(chunk) } as unknown as NodeJS.WriteStream };
}

describe('Progress', () => {
  it('writes plain lines every so many items and at the end when not on a terminal', () => {
    const { written, stream: out } = stream(false);
    const progress = new Progress('rows', 5, out, 2);
    for (let i = 0; i < 5; i += 1) progress.tick();
    progress.finish();
    expect(written).toEqual(['rows: 2/5 (40%)\n', 'rows: 4/5 (80%)\n', 'rows: 5/5 (100%) done\n']);
  });

  it('counts without a total', () => {
    const { written, stream: out } = stream(false);
    const progress = new Progress('statuses deleted', undefined, out);
    progress.tick(3);
    progress.finish();
    expect(written).toEqual(['statuses deleted: 3 done\n']);
  });

  it('redraws one line with a bar on a terminal', () => {
    const { written, stream: out } = stream(true);
    const progress = new Progress('media', 4, out);
    progress.tick(1);
    progress.tick(4);
    progress.finish();
    expect(written[0]).toBe(`\rmedia: [${'#'.repeat(8)}${' '.repeat(22)}] 1/4 (25%)`);
    expect(written.at(-1)).toBe(`\rmedia: [${'#'.repeat(30)}] 4/4 (100%)\n`);
    expect(written.every((line) => !line.slice(0, -1).includes('\n'))).toBe(true);
  });
});
