import { ANONYMOUS } from '@social/federation';
import { rateLimitRejections } from '@social/telemetry';
import { RateLimiter } from './limiter.js';
import { SPEC_LIMITS } from './settings.js';

describe('rate_limit_rejections_total', () => {
  it('counts each refusal under the bucket that refused', async () => {
    const limiter = new RateLimiter({ enabled: true, ...SPEC_LIMITS, signUp: { points: 1, seconds: 60 } });
    const refusals = async () => (await rateLimitRejections.get()).values.find((value) => value.labels.bucket === 'signUp')?.value ?? 0;
    const before = await refusals();

    expect((await limiter.check(['registerAccount'], ANONYMOUS, '192.0.2.77')).allowed).toBe(true);
    expect((await limiter.check(['registerAccount'], ANONYMOUS, '192.0.2.77')).allowed).toBe(false);
    expect((await limiter.check(['registerAccount'], ANONYMOUS, '192.0.2.77')).allowed).toBe(false);

    expect((await refusals()) - before).toBe(2);
  });
});
