import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { COMMIT_NOTE } from './commit-signal.js';
import type { Database } from './schema.js';

/** Stands for parameter `name` while a query is built once; replaced by the caller's value at each run. */
const placeholder = (name: string) => `\u0000fxid-parameter:${name}`;

/** Where each bound parameter of the compiled query comes from: a named argument, or a value fixed at build. */
type Slot = { name: string } | { value: unknown };

interface Prepared {
  compiled: CompiledQuery;
  slots: Slot[];
}

/**
 * A hot query built and compiled by Kysely once per engine, then run with new parameter values:
 * building and compiling a query took longer than SQLite running it (about a tenth of a sign-in's
 * CPU). `build` receives placeholders for the named arguments; it must use each one only as a
 * bound value (a where value, an inserted or set value), never to choose the shape of the query.
 * The SQL text is the same on every run, so the SQLite driver's statement cache always hits.
 */
export function preparedQuery<Args extends object, Row>(
  names: readonly (keyof Args & string)[],
  build: (db: Kysely<Database>, args: Args) => Compilable<Row>,
): (db: Kysely<Database>, args: Args, note?: unknown) => Promise<QueryResult<Row>> {
  // Keyed by the engine's adapter, which a transaction shares with the database it runs on.
  const byAdapter = new WeakMap<object, Prepared>();

  function prepare(db: Kysely<Database>): Prepared {
    const placeholders = Object.fromEntries(names.map((name) => [name, placeholder(name)])) as unknown as Args;
    const compiled = build(db, placeholders).compile();
    const byPlaceholder = new Map(names.map((name) => [placeholder(name), name]));
    const slots = compiled.parameters.map((value): Slot => {
      const name = typeof value === 'string' ? byPlaceholder.get(value) : undefined;
      return name === undefined ? { value } : { name };
    });
    for (const name of names) {
      if (!slots.some((slot) => 'name' in slot && slot.name === name)) {
        throw new Error(`prepared query: argument ${name} is not a bound value of the query`);
      }
    }
    return { compiled, slots };
  }

  /** `note`: what an insert tells the table's commit listeners (COMMIT_NOTE). */
  return async (db, args, note) => {
    const adapter = db.getExecutor().adapter;
    let prepared = byAdapter.get(adapter);
    if (!prepared) {
      prepared = prepare(db);
      byAdapter.set(adapter, prepared);
    }
    const parameters = prepared.slots.map((slot) =>
      'name' in slot ? (args as Record<string, unknown>)[slot.name] : slot.value,
    );
    return db.executeQuery<Row>({
      ...prepared.compiled,
      parameters,
      ...(note === undefined ? {} : { [COMMIT_NOTE]: note }),
    });
  };
}

/**
 * A preparedQuery over a list of values as well (an `in (…)` list): built once per length of the
 * list, so it suits lists of few lengths (a batch of jobs). `build` gets placeholders for the
 * list's items and for the named arguments, each to be used only as a bound value.
 */
export function preparedListQuery<Item, Args extends object, Row>(
  names: readonly (keyof Args & string)[],
  build: (db: Kysely<Database>, items: Item[], args: Args) => Compilable<Row>,
): (db: Kysely<Database>, items: readonly Item[], args: Args) => Promise<QueryResult<Row>> {
  type Run = (db: Kysely<Database>, args: Record<string, unknown>) => Promise<QueryResult<Row>>;
  const byLength = new Map<number, Run>();
  const itemName = (index: number) => `item:${index}`;
  return (db, items, args) => {
    let run = byLength.get(items.length);
    if (!run) {
      const itemNames = items.map((_, index) => itemName(index));
      run = preparedQuery<Record<string, unknown>, Row>([...names, ...itemNames], (builder, placeholders) =>
        build(
          builder,
          itemNames.map((name) => placeholders[name] as Item),
          placeholders as Args,
        ),
      );
      byLength.set(items.length, run);
    }
    const values: Record<string, unknown> = { ...(args as Record<string, unknown>) };
    items.forEach((item, index) => {
      values[itemName(index)] = item;
    });
    return run(db, values);
  };
}

/**
 * A preparedQuery inserting whole rows into `table`, all of them in one INSERT: built once per
 * number of rows, so it suits inserts of few rows (an order's products, its history lines); no rows, no statement.
 * One statement per row cost SQLite a statement's fixed work each time.
 */
export function preparedInsert<Row extends object>(
  table: keyof Database & string,
  columns: readonly (keyof Row & string)[],
): (db: Kysely<Database>, rows: readonly Row[]) => Promise<QueryResult<unknown>> {
  type Run = (db: Kysely<Database>, args: Record<string, unknown>) => Promise<QueryResult<unknown>>;
  const byCount = new Map<number, Run>();
  const argument = (row: number, column: string) => `${row}:${column}`;
  return (db, rows) => {
    // Nothing to insert: no statement (SQL has no INSERT of zero rows).
    if (rows.length === 0) return Promise.resolve({ rows: [] });
    let run = byCount.get(rows.length);
    if (!run) {
      const indexes = rows.map((_, index) => index);
      const names = indexes.flatMap((index) => columns.map((column) => argument(index, column)));
      run = preparedQuery<Record<string, unknown>, unknown>(names, (builder, args) =>
        builder
          .insertInto(table)
          .values(
            indexes.map((index) =>
              Object.fromEntries(columns.map((column) => [column, args[argument(index, column)]])),
            ) as never,
          ),
      );
      byCount.set(rows.length, run);
    }
    const values: Record<string, unknown> = {};
    rows.forEach((row, index) => {
      for (const column of columns) values[argument(index, column)] = (row as Record<string, unknown>)[column];
    });
    return run(db, values);
  };
}

/**
 * The names of every column of a row, for a prepared query that writes whole rows: the object
 * must list each column once, so a column added to the table but not here fails to compile
 * (a column left out would be written as its default, silently).
 */
export function columnsOf<Row>(columns: Record<keyof Row & string, true>): (keyof Row & string)[] {
  return Object.keys(columns) as (keyof Row & string)[];
}
