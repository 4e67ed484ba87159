import { type Config, loadConfig } from '../config.js';

/**
 * Reads the configuration from the environment, or prints every bad variable and exits.
 * `overrides` replace variables of the environment (main.ts's chosen port).
 */
export function configFromEnvironment(overrides: Record<string, string> = {}): Config {
  const result = loadConfig({ ...process.env, ...overrides });
  if (result.ok) return result.config;
  console.error(`fxid: invalid configuration (${result.problems.length} problem(s)):`);
  for (const problem of result.problems) console.error(`  ${problem}`);
  process.exit(1);
}
