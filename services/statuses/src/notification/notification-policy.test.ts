import { DEFAULT_POLICY, type RecipientFacts } from './notification-policy.data.js';
import { policyAction, type PolicyCase } from './notification-policy.js';

const now = new Date('2026-01-31T00:00:00Z');
const old = { createdAt: new Date('2020-01-01T00:00:00Z'), staff: false, limited: false };
const stranger: RecipientFacts = { policy: DEFAULT_POLICY, permitted: false, following: false, followedBy: false };
const of = (fields: Partial<PolicyCase>): PolicyCase => ({ type: 'mention', privateMention: false, sender: old, recipient: stranger, now, ...fields });

describe('policyAction', () => {
  it('accepts a public mention from a stranger by default and filters a private one', () => {
    expect(policyAction(of({}))).toBe('accept');
    expect(policyAction(of({ privateMention: true }))).toBe('filter');
    expect(policyAction(of({ privateMention: true, recipient: { ...stranger, following: true } }))).toBe('accept');
  });

  it('applies not-following and not-followers rules, drop before filter', () => {
    const policy = { ...DEFAULT_POLICY, forNotFollowing: 'filter' as const, forNotFollowers: 'drop' as const };
    expect(policyAction(of({ recipient: { ...stranger, policy } }))).toBe('drop');
    expect(policyAction(of({ recipient: { ...stranger, policy, followedBy: true } }))).toBe('filter');
    expect(policyAction(of({ recipient: { ...stranger, policy, followedBy: true, following: true } }))).toBe('accept');
  });

  it('treats accounts younger than 30 days as new unless followed', () => {
    const policy = { ...DEFAULT_POLICY, forNewAccounts: 'filter' as const };
    const young = { createdAt: new Date('2026-01-10T00:00:00Z'), staff: false, limited: false };
    expect(policyAction(of({ sender: young, recipient: { ...stranger, policy } }))).toBe('filter');
    expect(policyAction(of({ sender: young, recipient: { ...stranger, policy, following: true } }))).toBe('accept');
    expect(policyAction(of({ recipient: { ...stranger, policy } }))).toBe('accept');
  });

  it('lets permitted senders, staff mentions and unfilterable types through', () => {
    const policy = { ...DEFAULT_POLICY, forNotFollowing: 'drop' as const };
    expect(policyAction(of({ recipient: { ...stranger, policy, permitted: true } }))).toBe('accept');
    expect(policyAction(of({ sender: { ...old, staff: true }, recipient: { ...stranger, policy } }))).toBe('accept');
    expect(policyAction(of({ type: 'favourite', sender: { ...old, staff: true }, recipient: { ...stranger, policy } }))).toBe('drop');
    expect(policyAction(of({ type: 'poll', recipient: { ...stranger, policy } }))).toBe('accept');
  });

  it('filters a limited sender for a recipient who does not follow it (for_limited_accounts), by default and as set', () => {
    const limited = { ...old, limited: true };
    expect(policyAction(of({ sender: limited }))).toBe('filter');
    expect(policyAction(of({ type: 'favourite', sender: limited }))).toBe('filter');
    expect(policyAction(of({ sender: limited, recipient: { ...stranger, following: true } }))).toBe('accept');
    expect(policyAction(of({ sender: limited, recipient: { ...stranger, policy: { ...DEFAULT_POLICY, forLimitedAccounts: 'drop' } } }))).toBe('drop');
    expect(policyAction(of({ sender: limited, recipient: { ...stranger, policy: { ...DEFAULT_POLICY, forLimitedAccounts: 'accept' } } }))).toBe('accept');
  });
});
