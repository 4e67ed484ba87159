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
 */
export interface CommitSignal {
  /** Calls `listener` after each commit that inserted into `table`; returns the unsubscribe. */
  onInsert(table: string, listener: () => void): () => void;
}

/** A connection that notes which watched tables its open transaction inserted into. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly touched = new Set<string>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watched: (table: string) => boolean,
    private readonly fire: (table: string) => void,
  ) {}

  async executeQuery<R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const node = query.query;
    const table = InsertQueryNode.is(node) ? node.into?.table.identifier.name : undefined;
    if (table && this.watched(table)) {
      if (this.inTransaction) this.touched.add(table);
      else this.fire(table);
    }
    return result;
  }

  streamQuery<R>(...args: Parameters<DatabaseConnection['streamQuery']>): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(...args);
  }
}

/** Wraps a dialect so that its commits of watched inserts reach the returned signal's listeners. */
export function watchCommits(dialect: Dialect): { dialect: Dialect; commits: CommitSignal } {
  const listeners = new Map<string, Set<() => void>>();
  const watched = (table: string) => (listeners.get(table)?.size ?? 0) > 0;
  const fire = (table: string) => {
    for (const listener of listeners.get(table) ?? []) listener();
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
        for (const table of tables) fire(table);
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
