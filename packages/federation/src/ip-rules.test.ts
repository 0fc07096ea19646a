import { formatRange, ipRuleSetOf, IpRuleSet, parseRange } from './ip-rules.js';

describe('parseRange', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7/32'],
    ['192.0.2.7/24', '192.0.2.0/24'],
    [' 10.1.2.3/8 ', '10.0.0.0/8'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['2001:db8::1', '2001:db8::1/128'],
    ['2001:DB8:aa:bb:cc:dd:ee:ff/64', '2001:db8:aa:bb::/64'],
    ['2001:db8:0:0:1:0:0:1/128', '2001:db8::1:0:0:1/128'],
    ['::ffff:192.0.2.1/128', '::ffff:c000:201/128'],
    ['::/0', '::/0'],
  ])('reads %s as %s (host bits cleared, as PostgreSQL keeps an inet network)', (text, expected) => {
    const range = parseRange(text);
    expect(range && formatRange(range)).toBe(expected);
  });

  it.each(['', 'nope', '192.0.2.300', '192.0.2.0/33', '2001:db8::/129', '192.0.2.0/', '192.0.2.0/-1', '192.0.2.0/2a'])('refuses %j', (text) => {
    expect(parseRange(text)).toBeNull();
  });
});

describe('IpRuleSet', () => {
  const rule = (ip: string, severity: 'no_access' | 'sign_up_block', expiresAt: Date | null = null) => ({ range: parseRange(ip)!, severity, expiresAt });

  it('answers the strongest severity whose range holds the address', () => {
    const rules = new IpRuleSet([rule('192.0.2.0/24', 'sign_up_block'), rule('192.0.2.128/25', 'no_access'), rule('2001:db8::/32', 'sign_up_block')], ['no_access', 'sign_up_block']);
    expect(rules.match('192.0.2.1')).toBe('sign_up_block');
    expect(rules.match('192.0.2.200')).toBe('no_access');
    expect(rules.match('::ffff:192.0.2.200')).toBe('no_access');
    expect(rules.match('2001:db8:1::5')).toBe('sign_up_block');
    expect(rules.match('198.51.100.1')).toBeNull();
    expect(rules.match('not an address')).toBeNull();
  });

  it('stops matching a rule at its expiry, with no new read', () => {
    let now = 1_000_000;
    const rules = new IpRuleSet([rule('192.0.2.1', 'no_access', new Date(now + 5_000)), rule('192.0.2.2', 'no_access')], ['no_access'], () => now);
    expect(rules.match('192.0.2.1')).toBe('no_access');
    now += 5_000;
    expect(rules.match('192.0.2.1')).toBeNull();
    expect(rules.match('192.0.2.2')).toBe('no_access');
    expect(rules.size).toBe(1);
  });

  it('leaves out expired records and ranges that do not read', () => {
    const rules = ipRuleSetOf([
      { ip: '192.0.2.0/24', severity: 'sign_up_requires_approval', expiresAt: null },
      { ip: 'garbage', severity: 'no_access', expiresAt: null },
      { ip: '198.51.100.0/24', severity: 'no_access', expiresAt: new Date(Date.now() - 1000).toISOString() },
    ]);
    expect(rules.size).toBe(1);
    expect(rules.match('192.0.2.9')).toBe('sign_up_requires_approval');
    expect(rules.match('198.51.100.9')).toBeNull();
  });
});
