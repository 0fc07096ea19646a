// The table ownership rule (docs/data-ownership.md) checked against the code: every subgraph's
// source is read for the tables it touches (Prisma model calls and SQL text), and each access to a
// table it does not own must be declared in ownership.ts, a write only on its declared columns.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FOREIGN_READS, FOREIGN_WRITES, TABLE_OWNERS, type Subgraph } from './ownership';

const ROOT = path.resolve(__dirname, '../../..');
const SUBGRAPHS: Subgraph[] = ['identity', 'statuses', 'media'];

interface Access {
  by: Subgraph;
  table: string;
  kind: 'read' | 'write';
  /** Columns a write sets ('*' for a delete or an unreadable write). */
  columns: string[];
  file: string;
}

/** Prisma model name (camelCase, as the client spells it) -> table, and each model's field -> column. */
function schemaModels(): Map<string, { table: string; columns: Map<string, string> }> {
  const schema = readFileSync(path.join(ROOT, 'prisma/schema.prisma'), 'utf8');
  const models = new Map<string, { table: string; columns: Map<string, string> }>();
  for (const match of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const [, name, body] = match;
    const table = /@@map\("(\w+)"\)/.exec(body)?.[1] ?? name;
    const columns = new Map<string, string>();
    for (const line of body.split('\n')) {
      const field = /^\s+(\w+)\s+\S+/.exec(line);
      if (!field || field[1].startsWith('@')) continue;
      columns.set(field[1], /@map\("(\w+)"\)/.exec(line)?.[1] ?? field[1]);
    }
    models.set(name.charAt(0).toLowerCase() + name.slice(1), { table, columns });
  }
  return models;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') && !entry.name.includes('.test-helper.') ? [full] : [];
  });
}

const PRISMA_WRITES = /^(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)$/;

/** The keys of the first `data: { ... }` object after a Prisma write (flat keys only: enough to name what it sets). */
function prismaDataKeys(text: string): string[] | null {
  const data = /data:\s*\{([^{}]*)\}/.exec(text.slice(0, 400));
  return data ? [...data[1].matchAll(/(\w+)\s*:/g)].map((key) => key[1]) : null;
}

function accessesOf(by: Subgraph, file: string, models: ReturnType<typeof schemaModels>): Access[] {
  const text = readFileSync(file, 'utf8');
  const tables = new Set(Object.keys(TABLE_OWNERS));
  const found: Access[] = [];
  const relative = path.relative(ROOT, file);
  for (const call of text.matchAll(/\b(?:prisma|tx)\.(\w+)\.(\w+)\(/g)) {
    const model = models.get(call[1]);
    if (!model) continue;
    if (!PRISMA_WRITES.test(call[2])) {
      found.push({ by, table: model.table, kind: 'read', columns: [], file: relative });
      continue;
    }
    const keys = call[2].startsWith('delete') ? null : prismaDataKeys(text.slice(call.index));
    const columns = keys ? keys.map((key) => model.columns.get(key) ?? key) : ['*'];
    found.push({ by, table: model.table, kind: 'write', columns, file: relative });
  }
  for (const sql of text.matchAll(/\b(DELETE\s+FROM|INSERT\s+INTO|UPDATE|FROM|JOIN)\s+(\w+)/g)) {
    const [, keyword, table] = sql;
    if (!tables.has(table)) continue;
    if (keyword === 'FROM' || keyword === 'JOIN') {
      found.push({ by, table, kind: 'read', columns: [], file: relative });
      continue;
    }
    let columns = ['*'];
    const rest = text.slice((sql.index ?? 0) + sql[0].length, (sql.index ?? 0) + sql[0].length + 1_000);
    if (keyword === 'UPDATE') {
      const set = /^\s*(?:\w+\s+)?SET\s+([\s\S]*?)\s(?:WHERE|RETURNING|FROM)\b/.exec(rest);
      if (set) columns = [...set[1].matchAll(/(?:^|,)\s*(\w+)\s*=/g)].map((column) => column[1]);
    } else if (keyword.startsWith('INSERT')) {
      const list = /^\s*\(([^)]*)\)/.exec(rest);
      if (list) columns = list[1].split(',').map((column) => column.trim());
    }
    found.push({ by, table, kind: 'write', columns, file: relative });
  }
  return found;
}

const models = schemaModels();
const accesses = SUBGRAPHS.flatMap((by) => sourceFiles(path.join(ROOT, 'services', by, 'src')).flatMap((file) => accessesOf(by, file, models)));
const foreign = accesses.filter((access) => TABLE_OWNERS[access.table] !== access.by && TABLE_OWNERS[access.table] !== 'shared');

describe('table ownership (docs/data-ownership.md)', () => {
  it('names an owner for every table of the schema, and no other', () => {
    const tables = [...models.values()].map((model) => model.table).sort();
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables);
  });

  it('finds the accesses it checks (the scan reads the code)', () => {
    expect(accesses.some((access) => access.by === 'statuses' && access.table === 'statuses' && access.kind === 'write')).toBe(true);
    expect(accesses.some((access) => access.by === 'identity' && access.table === 'oauth_access_tokens' && access.kind === 'read')).toBe(true);
  });

  it("reads another subgraph's table only where ownership.ts declares it", () => {
    const undeclared = foreign
      .filter((access) => access.kind === 'read' && !FOREIGN_READS.some((read) => read.by === access.by && read.table === access.table))
      .map((access) => `${access.by} reads ${access.table} in ${access.file}`);
    expect(undeclared).toEqual([]);
  });

  it("writes another subgraph's table only where declared, and only the declared columns", () => {
    const undeclared = foreign
      .filter((access) => access.kind === 'write')
      .filter((access) => {
        const declared = FOREIGN_WRITES.find((write) => write.by === access.by && write.table === access.table);
        return !declared || access.columns.some((column) => !declared.columns.includes(column));
      })
      .map((access) => `${access.by} writes ${access.table} (${access.columns.join(', ')}) in ${access.file}`);
    expect(undeclared).toEqual([]);
  });

  it('declares no foreign access that the code no longer makes', () => {
    const unused = [
      ...FOREIGN_READS.filter((read) => !foreign.some((access) => access.kind === 'read' && access.by === read.by && access.table === read.table)).map((read) => `read of ${read.table} by ${read.by}`),
      ...FOREIGN_WRITES.filter((write) => !foreign.some((access) => access.kind === 'write' && access.by === write.by && access.table === write.table)).map((write) => `write of ${write.table} by ${write.by}`),
    ];
    expect(unused).toEqual([]);
  });
});
