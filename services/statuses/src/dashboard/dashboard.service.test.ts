import type { DashboardData } from './dashboard.data.js';
import { DashboardService, humanSize } from './dashboard.service.js';

/** Counts per day from fixed rows: what the statements would answer. */
function fakeData(rows: Array<{ day: Date; n: number }>): DashboardData {
  const inWindow = ({ from, to }: { from: Date; to: Date }) => rows.filter((row) => row.day >= from && row.day < to);
  return {
    newUsers: async (w: { from: Date; to: Date }) => inWindow(w),
    openedReports: async (w: { from: Date; to: Date }) => inWindow(w),
  } as unknown as DashboardData;
}

const day = (text: string) => new Date(`${text}T00:00:00Z`);

describe('DashboardService.measures', () => {
  const service = new DashboardService(fakeData([{ day: day('2026-11-02'), n: 3 }, { day: day('2026-11-04'), n: 1 }, { day: day('2026-10-31'), n: 5 }]), 'social.example');

  it('answers a value per day of [start_at, end_at], the total and the total of the period just before', async () => {
    const [measure] = await service.measures(['new_users', 'no_such_key'], '2026-11-02', '2026-11-04T18:00:00Z', []);
    expect(measure).toEqual({
      key: 'new_users',
      unit: null,
      total: '4',
      previousTotal: '5',
      data: [
        { date: day('2026-11-02'), value: '3' },
        { date: day('2026-11-03'), value: '0' },
        { date: day('2026-11-04'), value: '1' },
      ],
    });
  });

  it('answers instance_* keys as zeros (no other server is known)', async () => {
    const [measure] = await service.measures(['instance_media_attachments'], '2026-11-01', '2026-11-01', [{ key: 'instance_media_attachments', domain: 'x.example' }]);
    expect(measure).toMatchObject({ unit: 'bytes', total: '0', data: [{ value: '0' }] });
  });

  it('refuses a missing day (400), an unreadable one, a period backwards or longer than 400 days (422)', async () => {
    await expect(service.measures(['new_users'], null, '2026-11-01', [])).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'param is missing or the value is empty: start_at' });
    await expect(service.measures(['new_users'], 'soon', '2026-11-01', [])).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(service.measures(['new_users'], '2026-11-02', '2026-11-01', [])).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(service.measures(['new_users'], '2025-01-01', '2026-11-01', [])).rejects.toMatchObject({ message: 'Validation failed: The period is too long (maximum is 400 days)' });
  });
});

describe('humanSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Byte'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [10_895_483, '10.4 MB'],
    [5 * 1024 ** 3, '5 GB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });
});
