import type { IpBlockRecord } from '@social/federation';
import { IpAccess } from './ip-access.js';

function source(records: IpBlockRecord[]) {
  const state = { records, reads: 0 };
  return {
    state,
    load: async () => {
      state.reads += 1;
      return state.records;
    },
  };
}

describe('IpAccess', () => {
  it('reads the blocks on every request until it listens to identity\'s events', async () => {
    const blocks = source([{ ip: '192.0.2.0/24', severity: 'no_access', expiresAt: null }]);
    const access = new IpAccess({ load: blocks.load });
    expect(await access.match('192.0.2.5')).toBe('no_access');
    expect(access.matchKnown('192.0.2.5')).toBeUndefined();
    expect(await access.match('198.51.100.1')).toBeNull();
    expect(blocks.state.reads).toBe(2);
  });

  it('keeps them once listening, reads them again after a change is announced or the TTL', async () => {
    let now = 0;
    const blocks = source([{ ip: '192.0.2.0/24', severity: 'sign_up_block', expiresAt: null }]);
    const access = new IpAccess({ load: blocks.load, ttlMs: 10_000, now: () => now });
    access.enable();
    expect(await access.match('192.0.2.5')).toBe('sign_up_block');
    expect(access.matchKnown('192.0.2.6')).toBe('sign_up_block');
    expect(access.matchKnown('198.51.100.1')).toBeNull();
    expect(blocks.state.reads).toBe(1);

    blocks.state.records = [{ ip: '192.0.2.0/24', severity: 'no_access', expiresAt: null }];
    access.invalidate();
    expect(access.matchKnown('192.0.2.5')).toBeUndefined();
    expect(await access.match('192.0.2.5')).toBe('no_access');
    expect(blocks.state.reads).toBe(2);

    blocks.state.records = [];
    now += 10_000;
    expect(access.matchKnown('192.0.2.5')).toBeUndefined();
    expect(await access.match('192.0.2.5')).toBeNull();
  });

  it('does not keep a read that an announced change overtook', async () => {
    let release: (records: IpBlockRecord[]) => void = () => {};
    const access = new IpAccess({ load: () => new Promise((resolve) => (release = resolve)) });
    access.enable();
    const pending = access.match('192.0.2.5');
    access.invalidate();
    release([{ ip: '192.0.2.5', severity: 'no_access', expiresAt: null }]);
    expect(await pending).toBe('no_access');
    expect(access.matchKnown('192.0.2.5')).toBeUndefined();
  });

  it('answers null for a request without an address', async () => {
    const access = new IpAccess({ load: async () => [{ ip: '0.0.0.0/0', severity: 'no_access', expiresAt: null }] });
    expect(await access.match('')).toBeNull();
  });
});
