import { eventually } from './eventually';

describe('eventually', () => {
  it('resolves with the first answer that is not false, as soon as it comes', async () => {
    const answers = [false, false, 0, 7];
    let calls = 0;
    const started = Date.now();
    await expect(eventually(() => answers[calls++] as number | false, { intervalMs: 1 })).resolves.toBe(0);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('counts an attempt that throws as not yet, and resolves once assertions pass (answering undefined)', async () => {
    let calls = 0;
    const value = await eventually(
      async () => {
        calls += 1;
        expect(calls).toBeGreaterThanOrEqual(3);
      },
      { intervalMs: 1 },
    );
    expect({ value, calls }).toEqual({ value: undefined, calls: 3 });
  });

  it("rejects past the deadline with the last attempt's error, naming what was awaited", async () => {
    const failure = eventually(() => expect(1 + 1).toBe(3), { timeoutMs: 100, intervalMs: 10, what: 'arithmetic to change' });
    await expect(failure).rejects.toThrow(/^arithmetic to change: still not met after \d+ ms; the last attempt failed with:\n[\s\S]*Expected: 3/);
  });

  it('rejects past the deadline naming what was awaited when the answer stayed false', async () => {
    await expect(eventually(() => false, { timeoutMs: 50, intervalMs: 10, what: 'a flag' })).rejects.toThrow(/^a flag: still not met after \d+ ms$/);
  });

  it('tries again while its deadline has not passed, however long an attempt takes', async () => {
    let calls = 0;
    const slow = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(++calls === 2), 80));
    await expect(eventually(slow, { timeoutMs: 100, intervalMs: 10 })).resolves.toBe(true);
  });
});
