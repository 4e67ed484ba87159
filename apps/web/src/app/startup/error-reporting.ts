import type { Logger } from '../../shared/lib/logger';
import type { StartupFlags } from './flags';

/** Sends one error to the reporting service. */
export type ReportError = (error: unknown) => void;

/** Starts the reporting SDK and gives its report function. */
export type StartReporter = (dsn: string, tunnel: string) => Promise<ReportError>;

/** Errors kept while the SDK is on its way; more than this early on is one story told many times. */
const EARLY_ERRORS_KEPT = 20;

const startSentry: StartReporter = async (dsn, tunnel) => (await import('./sentry-reporter')).startSentry(dsn, tunnel);

/** Runs `start` once the page has loaded, so the SDK never competes with the first render. */
function afterLoad(start: () => void): void {
  if (document.readyState === 'complete') setTimeout(start, 0);
  else window.addEventListener('load', () => setTimeout(start, 0), { once: true });
}

/**
 * Logs uncaught errors and, when a DSN is configured and `noSentry` is not set, reports
 * them through the tunnel at /api/s_tunnel (spec §1, §9). The SDK is loaded only then,
 * after the page has loaded; errors before it arrives are kept and reported once it does.
 * The returned function reports errors that never reach the window (those React's error
 * boundaries catch); it does nothing while reporting is off.
 */
export function startErrorReporting(
  flags: StartupFlags,
  reporting: { dsn: string | undefined; tunnel: string },
  logger: Logger,
  start: StartReporter = startSentry,
): ReportError {
  let report: ReportError | undefined;
  const early: unknown[] = [];
  const keep = (error: unknown) => {
    if (!report && early.length < EARLY_ERRORS_KEPT) early.push(error);
  };
  window.addEventListener('error', (event) => {
    logger.error('uncaught', event.error ?? event.message);
    keep(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    logger.error('unhandled rejection', event.reason);
    keep(event.reason);
  });

  const { dsn, tunnel } = reporting;
  if (flags.noSentry) logger.info('error reporting switched off by noSentry');
  else if (!dsn) logger.debug('error reporting off: no DSN configured');
  else {
    afterLoad(() => {
      start(dsn, tunnel).then(
        (ready) => {
          // The SDK watches the window itself from now on; only what came before is handed over.
          report = ready;
          for (const error of early.splice(0)) ready(error);
          logger.debug('error reporting on');
        },
        (error: unknown) => logger.warn('error reporting could not start', error),
      );
    });
  }
  return (error) => {
    if (report) report(error);
    else if (!flags.noSentry && dsn) keep(error);
  };
}
