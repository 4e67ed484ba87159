import type { TestProject } from 'vitest/node';
import { POSTGRES_PROJECT } from './projects';
import { type RunningServer, startServer } from './server';
import { FIXED_GAME } from './sites';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The multi-game portal: base URL ending in `/`. */
    portalUrl: string;
    /** The single-game site (FIXED_GAME=sky-runner): base URL ending in `/`. */
    singleGameUrl: string;
  }
}

/**
 * Starts the two site modes once for every e2e file of the project (on PostgreSQL for
 * the e2e-postgres project, else on SQLite); stops them after the run.
 */
export default async function setup(project: TestProject) {
  const engine = project.name === POSTGRES_PROJECT ? 'postgres' : 'sqlite';
  const servers: RunningServer[] = [];
  const stopAll = () => Promise.all(servers.map((server) => server.stop()));
  try {
    servers.push(await startServer({}, engine), await startServer({ FIXED_GAME }, engine));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const [portal, singleGame] = servers as [RunningServer, RunningServer];
  project.provide('portalUrl', portal.url);
  project.provide('singleGameUrl', singleGame.url);
  return async () => {
    await stopAll();
  };
}
