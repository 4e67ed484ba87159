import {
  CompiledQuery,
  type DatabaseConnection,
  DeleteQueryNode,
  type Dialect,
  type Driver,
  InsertQueryNode,
  type OperationNode,
  type QueryResult,
  SelectQueryNode,
  UpdateQueryNode,
} from 'kysely';
import type { WalSync } from './wal-sync.js';
import { unwrap, withSavepoints } from './wrapped-driver.js';

/**
 * Transactions that share one SQLite commit at most. Each SQLite commit writes to the WAL
 * every page its transactions changed, and the pages every transaction changes again (the
 * tables' and indexes' last leaves) are written once per commit, not once per transaction:
 * on the sign-in's schema, WAL pages per sign-in fell from 10.5 (one commit each) to 5.4
 * (4 per commit) and 3.1 (16).
 */
export const MAX_SHARED_COMMIT = 16;

/** The members' savepoint: one at a time, since a transaction holds the only connection. */
const MEMBER = 'fxid_shared_commit_member';

/** Statements that may run inside a shared commit when no transaction of their own is open. */
const joinsSharedCommit = (node: OperationNode) =>
  SelectQueryNode.is(node) || InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node);

/** One SQLite transaction that several requests' transactions (and statements) commit in. */
class SharedCommit {
  members = 0;
  /** Something in it may have written: its commit is one to fsync. */
  dirty = false;
  readonly done: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A failure reaches every use that saw a write of it (settle); when none did, it is no unhandled rejection.
    this.done.catch(() => {});
  }
}

/** One use of the single connection: which shared commit it saw, and its own transaction. */
class SyncedConnection implements DatabaseConnection {
  /** The shared commit this use's transaction is a savepoint in (none outside a transaction). */
  member: SharedCommit | undefined;
  /** The shared commit whose outcome this use saw, and must wait for. */
  joined: SharedCommit | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly commits: SharedCommits,
  ) {}

  async executeQuery<R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> {
    return this.commits.execute<R>(this, query);
  }

  streamQuery<R>(...args: Parameters<DatabaseConnection['streamQuery']>): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(...args);
  }
}

/**
 * The shared commits of one database: a transaction begins one (SQLite's BEGIN) or joins the
 * one open, as a savepoint in it; its "commit" releases the savepoint. The shared commit's
 * COMMIT runs as soon as no fsync of the WAL is running and the requests already waiting for the
 * connection had their turn, or when MAX_SHARED_COMMIT transactions are in it: on a quiet server
 * each transaction commits alone at once, and under load the transactions that arrive while one
 * fsync runs commit together once it ends, then share the next fsync.
 *
 * No one hears of a commit before COMMIT ran and an fsync covered it (releaseConnection waits for
 * both), so a reply still rests only on what is on disk; the next transaction may see what one
 * wrote before that, as SQLite shows its own connection what it wrote. If COMMIT fails, or SQLite
 * rolls the whole transaction back (a full disk, an I/O error), every use that saw a write of it
 * fails. No constraint of the schema is deferred: a deferred one would fail the COMMIT of all.
 */
class SharedCommits {
  private open: SharedCommit | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly wal: WalSync,
    /** Whether SQLite's connection is inside a transaction (better-sqlite3's `inTransaction`). */
    private readonly inTransaction: () => boolean,
  ) {}

  async execute<R>(connection: SyncedConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    const { member } = connection;
    if (member) this.stillOpen(member);
    // Other statements (a pragma, a schema change, raw SQL) may act otherwise inside a transaction: they run after COMMIT.
    if (!member && this.open && !joinsSharedCommit(query.query)) await this.commit(connection.inner);
    const shared = this.open;
    let result: QueryResult<R>;
    try {
      result = await connection.inner.executeQuery<R>(query);
    } catch (error) {
      // SQLite undoes a failed statement only, except on a few errors (a full disk, I/O) where it rolls back all.
      if (shared && shared === this.open && !this.inTransaction()) this.lose(shared, error);
      throw error;
    }
    // Anything but a select may write (an update … returning, raw SQL): counted, at worst one fsync too many.
    if (!SelectQueryNode.is(query.query)) {
      if (shared) shared.dirty = true;
      else this.wal.wrote();
    }
    // What it saw may be undone with the shared commit only if that holds a write.
    if (shared?.dirty) connection.joined = shared;
    return result;
  }

  async begin(connection: SyncedConnection): Promise<void> {
    if (this.open && this.open.members >= MAX_SHARED_COMMIT) await this.commit(connection.inner);
    if (!this.open) {
      // IMMEDIATE: the write lock is taken here, waiting (busy_timeout) while another process (a catalog import)
      // holds it. A deferred transaction would read first and then fail at its first write, at once, whenever the
      // other process had committed since its read.
      await connection.inner.executeQuery(CompiledQuery.raw('begin immediate'));
      const opened = new SharedCommit();
      this.open = opened;
      void this.wal.idle().then(() => this.commitWhenFree(opened));
    }
    const shared = this.open;
    await connection.inner.executeQuery(CompiledQuery.raw(`savepoint ${MEMBER}`));
    shared.members++;
    connection.member = shared;
  }

  async release(connection: SyncedConnection): Promise<void> {
    const { member } = connection;
    connection.member = undefined;
    this.stillOpen(member);
    await connection.inner.executeQuery(CompiledQuery.raw(`release ${MEMBER}`));
  }

  async rollBack(connection: SyncedConnection): Promise<void> {
    const { member } = connection;
    connection.member = undefined;
    // Rolled back with the shared commit already: nothing of it is left to undo.
    if (!member || member !== this.open) return;
    await connection.inner.executeQuery(CompiledQuery.raw(`rollback to ${MEMBER}`));
    await connection.inner.executeQuery(CompiledQuery.raw(`release ${MEMBER}`));
  }

  /** Waits for the shared commit this use saw (if any), then for the fsync that covers it. */
  async settle(connection: SyncedConnection): Promise<void> {
    const { joined } = connection;
    connection.joined = undefined;
    if (joined) await joined.done;
    await this.wal.durable();
  }

  /** Commits `shared` on the connection once no one holds it (unless it committed meanwhile). */
  async commitWhenFree(shared: SharedCommit): Promise<void> {
    if (this.open !== shared) return;
    const connection = await this.inner.acquireConnection();
    try {
      if (this.open === shared) await this.commit(connection);
    } finally {
      await this.inner.releaseConnection(connection);
    }
  }

  /** Commits the open shared commit on `connection`, held by the caller. */
  async commit(connection: DatabaseConnection): Promise<void> {
    const shared = this.open;
    if (!shared) return;
    this.open = undefined;
    try {
      await this.inner.commitTransaction(connection);
    } catch (error) {
      // A COMMIT that failed may leave the transaction open: undone, so that the next begins afresh.
      if (this.inTransaction()) await this.inner.rollbackTransaction(connection).catch(() => {});
      shared.reject(error);
      return;
    }
    // Counted after COMMIT ran: an fsync that began before it cannot be taken to cover it.
    if (shared.dirty) this.wal.wrote();
    shared.resolve();
  }

  /** A transaction whose shared commit SQLite rolled back may not go on: its statements would run outside any. */
  private stillOpen(member: SharedCommit | undefined): void {
    if (member !== this.open) throw new Error('The shared commit this transaction was in was rolled back');
  }

  private lose(shared: SharedCommit, cause: unknown): void {
    this.open = undefined;
    shared.reject(new Error('SQLite rolled back the shared commit', { cause }));
  }

  /** Commits what is open (the database is closing). */
  async close(): Promise<void> {
    if (this.open) await this.commitWhenFree(this.open);
  }
}

/**
 * Wraps Kysely's SQLite dialect (its database opened with `synchronous = normal`) so that
 * transactions share commits (SharedCommits) and each use of the connection returns only when
 * what it saw and wrote is on disk, by `wal`'s fsyncs. The waits come after the connection is
 * released, so other requests use the database meanwhile. `inTransaction` tells whether the
 * SQLite connection is inside a transaction.
 */
export function groupCommits(dialect: Dialect, wal: WalSync, inTransaction: () => boolean): Dialect {
  function wrapDriver(inner: Driver): Driver {
    const commits = new SharedCommits(inner, wal, inTransaction);
    const state = (connection: DatabaseConnection) => connection as SyncedConnection;
    const driver: Driver = {
      init: () => inner.init(),
      acquireConnection: async () => new SyncedConnection(await inner.acquireConnection(), commits),
      beginTransaction: (connection) => commits.begin(state(connection)),
      commitTransaction: (connection) => commits.release(state(connection)),
      rollbackTransaction: (connection) => commits.rollBack(state(connection)),
      async releaseConnection(connection) {
        await inner.releaseConnection(unwrap(connection));
        // Kysely returns a statement's or transaction's result only after this resolves.
        await commits.settle(state(connection));
      },
      async destroy() {
        await commits.close();
        // SQLite's close checkpoints the WAL into the main file and syncs it; then the WAL handle goes.
        await inner.destroy();
        await wal.close();
      },
    };
    return withSavepoints(driver, inner);
  }

  return {
    createDriver: () => wrapDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
