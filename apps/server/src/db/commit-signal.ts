import {
  type DatabaseConnection,
  type Dialect,
  type Driver,
  InsertQueryNode,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { unwrap, withSavepoints } from './wrapped-driver.js';

/**
 * Says when rows inserted into a table became visible to other connections: after the commit
 * of the transaction that inserted them, or at once for an insert outside a transaction. The
 * outbox worker listens to it to run a job as soon as its transaction commits, never before
 * (on PostgreSQL a worker reading on another connection would not see the row yet).
 * Only inserts built with Kysely's query builder are seen, not raw SQL.
 *
 * On SQLite a transaction commits into a shared commit (group-commit.ts) that is on disk a little
 * later: what a listener then does with the database joins that shared commit, and returns only
 * once it is on disk (or fails with it), so nothing is acted on before it is durable.
 */
export interface CommitSignal {
  /**
   * Calls `listener` after each commit that inserted into `table`, with the notes the inserts
   * carried (COMMIT_NOTE; none for an insert without one); returns the unsubscribe.
   */
  onInsert(table: string, listener: (notes: readonly unknown[]) => void): () => void;
}

/**
 * A compiled insert may carry, under this key, what it inserted: the table's commit listeners get
 * it once (and only if) the insert commits, so that they need not read the row back.
 */
export const COMMIT_NOTE = Symbol('commit note');

type NotedQuery = Parameters<DatabaseConnection['executeQuery']>[0] & { [COMMIT_NOTE]?: unknown };

/** A connection that notes which watched tables its open transaction inserted into, with the inserts' notes. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly touched = new Map<string, unknown[]>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watched: (table: string) => boolean,
    private readonly fire: (table: string, notes: readonly unknown[]) => void,
  ) {}

  async executeQuery<R>(query: NotedQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const node = query.query;
    const table = InsertQueryNode.is(node) ? node.into?.table.identifier.name : undefined;
    if (table && this.watched(table)) {
      const note = query[COMMIT_NOTE];
      if (!this.inTransaction) this.fire(table, note === undefined ? [] : [note]);
      else {
        const notes = this.touched.get(table) ?? [];
        if (note !== undefined) notes.push(note);
        this.touched.set(table, notes);
      }
    }
    return result;
  }

  streamQuery<R>(...args: Parameters<DatabaseConnection['streamQuery']>): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(...args);
  }
}

/** Wraps a dialect so that its commits of watched inserts reach the returned signal's listeners. */
export function watchCommits(dialect: Dialect): { dialect: Dialect; commits: CommitSignal } {
  const listeners = new Map<string, Set<(notes: readonly unknown[]) => void>>();
  const watched = (table: string) => (listeners.get(table)?.size ?? 0) > 0;
  const fire = (table: string, notes: readonly unknown[]) => {
    for (const listener of listeners.get(table) ?? []) listener(notes);
  };
  const commits: CommitSignal = {
    onInsert(table, listener) {
      const set = listeners.get(table) ?? new Set();
      listeners.set(table, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };

  function watchDriver(inner: Driver): Driver {
    const wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();
    const driver: Driver = {
      init: () => inner.init(),
      async acquireConnection() {
        const connection = await inner.acquireConnection();
        let wrapper = wrappers.get(connection);
        if (!wrapper) {
          wrapper = new WatchedConnection(connection, watched, fire);
          wrappers.set(connection, wrapper);
        }
        return wrapper;
      },
      async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
        await inner.beginTransaction(unwrap(connection), settings);
        const wrapper = connection as WatchedConnection;
        wrapper.inTransaction = true;
        wrapper.touched.clear();
      },
      async commitTransaction(connection: DatabaseConnection) {
        await inner.commitTransaction(unwrap(connection));
        const wrapper = connection as WatchedConnection;
        wrapper.inTransaction = false;
        const tables = [...wrapper.touched];
        wrapper.touched.clear();
        for (const [table, notes] of tables) fire(table, notes);
      },
      async rollbackTransaction(connection: DatabaseConnection) {
        const wrapper = connection as WatchedConnection;
        wrapper.inTransaction = false;
        wrapper.touched.clear();
        await inner.rollbackTransaction(unwrap(connection));
      },
      releaseConnection: (connection) => inner.releaseConnection(unwrap(connection)),
      destroy: () => inner.destroy(),
    };
    // A rolled-back savepoint may leave a spurious signal: harmless.
    return withSavepoints(driver, inner);
  }

  return {
    commits,
    dialect: {
      createDriver: () => watchDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    },
  };
}
