/** The e2e project that runs the host specs again with the servers on PostgreSQL (vitest.postgres.config.ts). */
export const POSTGRES_PROJECT = 'e2e-postgres';
