import { type Config, loadConfig } from '../config.js';

/** Reads the configuration from the environment, or prints every bad variable and exits. */
export function configFromEnvironment(): Config {
  const result = loadConfig(process.env);
  if (result.ok) return result.config;
  console.error(`fxid: invalid configuration (${result.problems.length} problem(s)):`);
  for (const problem of result.problems) console.error(`  ${problem}`);
  process.exit(1);
}
