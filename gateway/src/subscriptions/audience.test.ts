import { HomeAudience, type HomeMember } from './audience.js';
import type { StatusCreated } from './events.js';

const member = (accountId: string): HomeMember => ({ accountId, personal: false, favourited: false, reblogged: false, bookmarked: false, muted: false, reblogMuted: null });
const event = (statusId: string): StatusCreated => ({ type: 'status.created', statusId, accountId: '1', visibility: 'public', reblogOfId: null, mentionedAccountIds: [] });

describe('HomeAudience', () => {
  it('asks once per status about every registered viewer, and answers each from that', async () => {
    const query = jest.fn(async (_statusId: string, accountIds: string[]) => accountIds.filter((id) => id !== '3').map(member));
    const audience = new HomeAudience(query);
    audience.register('2');
    audience.register('3');

    const answers = await Promise.all([audience.member(event('9'), '2'), audience.member(event('9'), '3')]);

    expect(answers).toEqual([member('2'), false]);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query).toHaveBeenCalledWith('9', ['2', '3']);
  });

  it('does not know about a viewer registered after the question, nor when the question failed', async () => {
    const audience = new HomeAudience(async () => []);
    audience.register('2');
    await audience.member(event('9'), '2');
    audience.register('4');
    const failing = new HomeAudience(async () => {
      throw new Error('down');
    });
    failing.register('2');

    expect([await audience.member(event('9'), '4'), await failing.member(event('9'), '2')]).toEqual([null, null]);
  });

  it('forgets a viewer whose last stream closed', async () => {
    const query = jest.fn(async (): Promise<HomeMember[]> => []);
    const audience = new HomeAudience(query);
    const close = audience.register('2');
    audience.register('3')();
    close();
    await audience.member(event('9'), '2');

    expect(query).toHaveBeenCalledWith('9', []);
  });

  it('keeps an answer for 10 seconds, then asks again', async () => {
    let now = 1_000;
    const query = jest.fn(async () => [member('2')]);
    const audience = new HomeAudience(query, { now: () => now });
    audience.register('2');
    await audience.member(event('9'), '2');
    now += 9_999;
    await audience.member(event('9'), '2');
    expect(query).toHaveBeenCalledTimes(1);

    now += 2;
    await audience.member(event('9'), '2');
    expect(query).toHaveBeenCalledTimes(2);
  });
});
