import { browserTracingIntegration, captureException, init, replayIntegration } from '@sentry/browser';
import type { ReportError } from './error-reporting';

/**
 * The Sentry browser SDK with the sampling of spec §9: a quarter of traces, every session
 * and every error replayed. Envelopes go to fxid's own tunnel, which forwards them only to
 * the configured DSN. Loaded lazily: it is as large as the rest of the first load.
 */
export function startSentry(dsn: string, tunnel: string): ReportError {
  init({
    dsn,
    tunnel,
    tracesSampleRate: 0.25,
    replaysSessionSampleRate: 1,
    replaysOnErrorSampleRate: 1,
    integrations: [browserTracingIntegration(), replayIntegration()],
  });
  return (error) => {
    captureException(error);
  };
}
