import type { ArgType, SqlQueryable } from '@prisma/driver-adapter-utils';
import type { PrismaClient } from './generated/prisma/client.js';

/**
 * Hot reads as raw statements (docs/data-access.md). They run on the driver
 * adapter Prisma itself runs on, so they share its pool (or PGlite
 * instance), its statement names (one prepared plan per connection) and its
 * tracing, without the client's per-query cost. Both adapters hand values
 * over alike: int8 as text, timestamps as ISO text, json as text.
 */

/** How one result column is read into its field. */
export interface Column<T> {
  readonly decode: (value: unknown) => T;
  /** Appended to the column in a select list (enums are read as text). */
  readonly cast?: string;
  /** The column's expression inside a JSON object (Entity.jsonObject), where JSON's own form would lose it. */
  readonly json?: (expression: string) => string;
}

/** Result fields by name, in the statement's column order. */
export type Shape = Record<string, Column<unknown>>;
export type RowOf<S extends Shape> = { [K in keyof S]: S[K] extends Column<infer T> ? T : never };

function column<T>(decode: (value: unknown) => T, cast?: string, json?: (expression: string) => string): Column<T> {
  return { decode, ...(cast === undefined ? {} : { cast }), ...(json === undefined ? {} : { json }) };
}

// Each decoder also takes the value Prisma's $queryRaw would give (bigint, Date, parsed json), so a
// write that returns an entity through Prisma reads it with the same column list.
const toBigInt = (value: unknown): bigint => (typeof value === 'bigint' ? value : BigInt(value as string));
const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(value as string));

export const col = {
  /** In JSON as text: a JSON number loses int8's precision. */
  bigint: column(toBigInt, undefined, (expression) => `${expression}::text`),
  /** int2/int4 (int8 counts come as text, hence Number). */
  int: column((value) => Number(value)),
  text: column((value) => value as string),
  bool: column((value) => value as boolean),
  /** In JSON as ISO 8601 UTC: JSON's own form of a timestamp names no zone. */
  timestamp: column(toDate, undefined, (expression) => `to_char(${expression}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
  /** json/jsonb, parsed; T is what the statement builds or the column holds (not checked). */
  json: <T = unknown>() => column((value): T => (typeof value === 'string' ? JSON.parse(value) : value) as T),
  /** Text the writers keep to a set of values (not checked). */
  textOf: <T extends string>() => column((value) => value as T),
  /** A PostgreSQL enum, read as its label. */
  enumText: <T extends string>() => column((value) => value as T, '::text'),
  nullable<T>(inner: Column<T>): Column<T | null> {
    return column((value) => (value === null || value === undefined ? null : inner.decode(value)), inner.cast, inner.json);
  },
};

/**
 * One entity's columns, defined once: field name -> [table column, type].
 * Every statement that selects the entity uses `select(alias)` and reads
 * the row with `shape`, so the list and its types are written nowhere else.
 */
export class Entity<S extends Shape> {
  readonly shape: S;
  private readonly columns: Array<[string, string, Column<unknown>]>;

  constructor(definition: { [K in keyof S]: readonly [string, S[K]] }) {
    const entries = Object.entries(definition as Record<string, readonly [string, Column<unknown>]>);
    this.columns = entries.map(([field, [name, type]]) => [field, name, type]);
    this.shape = Object.fromEntries(this.columns.map(([field, , type]) => [field, type])) as S;
  }

  /** The select list, each column named after its field. */
  select(alias: string): string {
    return this.columns.map(([field, name, type]) => `${alias}.${name}${type.cast ?? ''} AS "${field}"`).join(', ');
  }

  /**
   * The row as one JSON object keyed by field (`json_build_object`), for a
   * statement that carries the entity inside another's row; read it back
   * with `fromJson`.
   */
  jsonObject(alias: string): string {
    const pairs = this.columns.map(([field, name, type]) => {
      const expression = `${alias}.${name}`;
      return `'${field}', ${type.json ? type.json(expression) : `${expression}${type.cast ?? ''}`}`;
    });
    return `json_build_object(${pairs.join(', ')})`;
  }

  /** A jsonObject's value (parsed), decoded field by field. */
  fromJson(value: Record<string, unknown>): RowOf<S> {
    const row: Record<string, unknown> = {};
    for (const [field, , type] of this.columns) row[field] = type.decode(value[field]);
    return row as RowOf<S>;
  }
}

/** Parameter kinds: the value a caller passes, sent as text (the SQL casts it: `$1::bigint`). */
interface ParamKinds {
  bigint: bigint | string;
  'bigint?': bigint | string | null;
  'bigint[]': ReadonlyArray<bigint | string>;
  text: string;
  'text[]': readonly string[];
  'text[]?': readonly string[] | null;
  int: number;
  'int?': number | null;
}
type ParamKind = keyof ParamKinds;
type ParamsOf<P extends readonly ParamKind[]> = { [I in keyof P]: ParamKinds[P[I]] };

export interface Statement<S extends Shape, P extends readonly ParamKind[]> {
  /** "<service>.<what>": the statements test finds each by its service's prefix. */
  readonly name: string;
  readonly text: string;
  readonly params: P;
  readonly shape: S;
}

const ARG_TYPES: Record<ParamKind, ArgType> = {
  bigint: { scalarType: 'string', arity: 'scalar' },
  'bigint?': { scalarType: 'string', arity: 'scalar' },
  'bigint[]': { scalarType: 'string', arity: 'list' },
  text: { scalarType: 'string', arity: 'scalar' },
  'text[]': { scalarType: 'string', arity: 'list' },
  'text[]?': { scalarType: 'string', arity: 'list' },
  int: { scalarType: 'int', arity: 'scalar' },
  'int?': { scalarType: 'int', arity: 'scalar' },
};

const statements = new Map<string, Statement<Shape, readonly ParamKind[]>>();

/** A hot read: its parameters' kinds, its result's fields (in column order) and its SQL. */
export function statement<S extends Shape, const P extends readonly ParamKind[]>(name: string, params: P, shape: S, text: string): Statement<S, P> {
  if (statements.has(name)) throw new Error(`Statement ${name} is defined twice`);
  const defined = { name, text, params, shape };
  statements.set(name, defined);
  return defined;
}

/** Every statement defined so far (the statements tests run each one). */
export function definedStatements(): Array<Statement<Shape, readonly ParamKind[]>> {
  return [...statements.values()];
}

function toArg(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toArg);
  return value;
}

/** A statement's field names and decoders, in column order (worked out once per statement). */
const readers = new WeakMap<object, { fields: string[]; decoders: Array<Column<unknown>['decode']> }>();
function reader(statement: Statement<Shape, readonly ParamKind[]>) {
  let found = readers.get(statement);
  if (!found) {
    const fields = Object.keys(statement.shape);
    found = { fields, decoders: fields.map((field) => statement.shape[field].decode) };
    readers.set(statement, found);
  }
  return found;
}

export class Sql {
  constructor(private readonly queryable: SqlQueryable) {}

  async query<S extends Shape, P extends readonly ParamKind[]>(statement: Statement<S, P>, ...params: ParamsOf<P>): Promise<Array<RowOf<S>>> {
    const result = await this.queryable.queryRaw({
      sql: statement.text,
      args: (params as readonly unknown[]).map(toArg),
      argTypes: statement.params.map((kind) => ARG_TYPES[kind]),
    });
    const { fields, decoders } = reader(statement);
    // Columns are read by position: a statement whose columns differ from its shape is a bug, not a row to guess at.
    if (result.columnNames.length !== fields.length || result.columnNames.some((name, i) => name !== fields[i])) {
      throw new Error(`Statement ${statement.name} returned columns (${result.columnNames.join(', ')}), expected (${fields.join(', ')})`);
    }
    return result.rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) row[fields[i]] = decoders[i](values[i]);
      return row as RowOf<S>;
    });
  }

  /**
   * A hot read whose text is composed per call (optional bounds and
   * conditions as `Prisma.sql` fragments), run on the adapter like a fixed
   * statement rather than through the client's $queryRaw; its columns are
   * read by name with `shape`, in the shape's order.
   */
  async composed<S extends Shape>(name: string, query: ComposedSql, shape: S): Promise<Array<RowOf<S>>> {
    const args = query.values.map(toArg);
    const result = await this.queryable.queryRaw({ sql: query.text, args, argTypes: query.values.map(argTypeOf) });
    const fields = Object.keys(shape);
    const positions = fields.map((field) => result.columnNames.indexOf(field));
    if (positions.some((position) => position === -1)) {
      throw new Error(`Statement ${name} returned columns (${result.columnNames.join(', ')}), expected (${fields.join(', ')})`);
    }
    const decoders = fields.map((field) => shape[field].decode);
    return result.rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) row[fields[i]] = decoders[i](values[positions[i]]);
      return row as RowOf<S>;
    });
  }
}

/** A statement composed at run time from `Prisma.sql` fragments: its text with $n placeholders, and its values. */
export interface ComposedSql {
  readonly text: string;
  readonly values: readonly unknown[];
}

function argTypeOf(value: unknown): ArgType {
  if (Array.isArray(value)) return { ...argTypeOf(value.find((item) => item !== null)), arity: 'list' };
  if (value instanceof Date) return { scalarType: 'datetime', arity: 'scalar' };
  if (typeof value === 'number') return { scalarType: Number.isInteger(value) ? 'int' : 'float', arity: 'scalar' };
  if (typeof value === 'boolean') return { scalarType: 'boolean', arity: 'scalar' };
  return { scalarType: 'string', arity: 'scalar' };
}

/**
 * A row Prisma's $queryRaw returned (an object by column name) read with a
 * shape: a write that returns an entity (in a Prisma transaction) selects
 * it with the entity's column list and reads it with the same types.
 */
export function readRow<S extends Shape>(shape: S, row: Record<string, unknown>): RowOf<S> {
  const read: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(shape)) {
    if (!(field in row)) throw new Error(`The row has no column ${field}`);
    read[field] = type.decode(row[field]);
  }
  return read as RowOf<S>;
}

const byClient = new WeakMap<PrismaClient, Sql>();

export function registerSql(prisma: PrismaClient, sql: Sql): void {
  byClient.set(prisma, sql);
}

/**
 * The raw-statement runner of the database this client was opened on
 * (openDatabase). Looked up by client so the data classes keep taking the
 * PrismaClient their callers already pass.
 */
export function sqlOf(prisma: PrismaClient): Sql {
  const sql = byClient.get(prisma);
  if (!sql) throw new Error('This PrismaClient was not opened by openDatabase: it has no raw-statement runner');
  return sql;
}
