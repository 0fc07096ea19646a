import { planMigrations, MigrationHistoryError } from './plan.js';
import { checksumOf, type MigrationFile } from './folder.js';
import type { HistoryRow } from './history-table.js';

const file = (name: string, sql = `-- ${name}`): MigrationFile => ({ name, sql, checksum: checksumOf(sql) });
const at = new Date('2026-11-21T00:00:00Z');
const row = (migration: MigrationFile, fields: Partial<HistoryRow> = {}): HistoryRow => ({
  migration_name: migration.name,
  checksum: migration.checksum,
  started_at: at,
  finished_at: at,
  rolled_back_at: null,
  ...fields,
});

describe('planning a deploy against _prisma_migrations', () => {
  const [a, b, c] = [file('1_a'), file('2_b'), file('3_c')] as const;

  it('applies the migrations not yet recorded, in folder order', () => {
    expect(planMigrations([a, b, c], [row(a)])).toEqual({ pending: [b, c], applied: ['1_a'], unknown: [] });
  });

  it('applies again a migration whose only row was rolled back', () => {
    expect(planMigrations([a], [row(a, { finished_at: null, rolled_back_at: at })]).pending).toEqual([a]);
  });

  it('refuses while a migration is recorded as started but not finished', () => {
    expect(() => planMigrations([a, b], [row(a), row(b, { finished_at: null })])).toThrow(MigrationHistoryError);
    expect(() => planMigrations([a, b], [row(a), row(b, { finished_at: null })])).toThrow(/2_b started but never finished/);
  });

  it('refuses when an applied migration file changed since', () => {
    expect(() => planMigrations([file('1_a', 'CREATE TABLE changed ();')], [row(a)])).toThrow(/1_a changed after it was applied/);
  });

  it('reports applied migrations missing from the folder without failing', () => {
    expect(planMigrations([a], [row(a), row(b)])).toEqual({ pending: [], applied: ['1_a'], unknown: ['2_b'] });
  });
});
