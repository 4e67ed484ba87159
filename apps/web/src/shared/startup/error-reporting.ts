import type { Logger } from '../lib/logger';
import type { StartupFlags } from './flags';

/**
 * Error reporting is loaded lazily and only when a DSN is configured. The page
 * configuration has no DSN yet, so no reporting SDK is bundled; until then the
 * portal logs uncaught errors itself.
 */
export function startErrorReporting(flags: StartupFlags, dsn: string | undefined, logger: Logger): void {
  window.addEventListener('error', (event) => logger.error('uncaught', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => logger.error('unhandled rejection', event.reason));
  if (flags.noSentry) logger.info('error reporting switched off by noSentry');
  else if (!dsn) logger.debug('error reporting off: no DSN configured');
}
