import type { DatabaseConnection, Driver } from 'kysely';

/** A connection that wraps the driver's own one (to note what its statements do). */
export interface WrappingConnection extends DatabaseConnection {
  readonly inner: DatabaseConnection;
}

/** The driver's own connection inside one of ours. */
export const unwrap = (connection: DatabaseConnection) => (connection as WrappingConnection).inner;

/**
 * Gives a wrapping driver the savepoint calls of the driver it wraps, only where that driver has
 * them (Kysely asks for savepoints only when they exist), passing its own connections through.
 */
export function withSavepoints(driver: Driver, inner: Driver): Driver {
  if (inner.savepoint)
    driver.savepoint = (c, name, compile) => inner.savepoint?.(unwrap(c), name, compile) as Promise<void>;
  if (inner.rollbackToSavepoint) {
    driver.rollbackToSavepoint = (c, name, compile) =>
      inner.rollbackToSavepoint?.(unwrap(c), name, compile) as Promise<void>;
  }
  if (inner.releaseSavepoint) {
    driver.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint?.(unwrap(c), name, compile) as Promise<void>;
  }
  return driver;
}
