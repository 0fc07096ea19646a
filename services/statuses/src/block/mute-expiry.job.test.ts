import { UnrecoverableJobError, type Job } from '@social/jobs';
import { muteExpiryQueue } from './mute-expiry.job.js';
import type { SafetyData } from './safety.data.js';

function setup() {
  const expired: bigint[] = [];
  const data = { expireMute: async (id: bigint) => expired.push(id) > 0 } as unknown as SafetyData;
  const [definition] = Object.values(muteExpiryQueue(data));
  const run = (payload: unknown) => definition.handle({ id: '1', queue: 'mutes.expire', payload, attempt: 1, maxAttempts: 5, lastError: null } as Job<{ muteId: string }>, new AbortController().signal);
  return { run, expired };
}

describe('the mute-expiry queue', () => {
  it('removes the mute the job names', async () => {
    const { run, expired } = setup();
    await run({ muteId: '42' });

    expect(expired).toEqual([42n]);
  });

  it('gives up for good on a payload without a mute id', async () => {
    const { run, expired } = setup();

    await expect(run({ muteId: 'x' })).rejects.toBeInstanceOf(UnrecoverableJobError);
    await expect(run({})).rejects.toBeInstanceOf(UnrecoverableJobError);
    expect(expired).toEqual([]);
  });
});
