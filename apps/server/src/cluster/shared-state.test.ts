import { expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { describeTopology, openSharedState } from './shared-state.js';

it('one process: says rate-limit counters are per instance and opens no Redis', async () => {
  const config = testConfig();
  const state = await openSharedState(config, () => undefined);
  const described = describeTopology(config, 'sqlite', state);
  expect(described).toMatchObject({ topology: 'one-process', redis: false, shared: ['database'] });
  expect(described.perInstance).toContain('rate-limit counters');
  expect(described).not.toHaveProperty('warning');
  await expect(state.ping()).resolves.toBeUndefined();
});

it('instances: counters shared in Redis, and a SQLite file named as serving one instance only', () => {
  const config = testConfig({ redis: { url: 'redis://127.0.0.1:6379', keyPrefix: 'fxid:' } });
  const state = { topology: 'instances' as const };
  const onPostgres = describeTopology(config, 'postgres', state);
  expect(onPostgres.shared).toContain('rate-limit counters in Redis');
  expect(onPostgres.perInstance).not.toContain('rate-limit counters');
  expect(onPostgres).not.toHaveProperty('warning');
  expect(describeTopology(config, 'sqlite', state).warning).toMatch(/one instance only/);
});
