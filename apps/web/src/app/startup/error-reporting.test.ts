// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../shared/lib/logger';
import { type ReportError, startErrorReporting } from './error-reporting';
import { readStartupFlags } from './flags';

const TUNNEL = 'https://portal.test/api/s_tunnel';
const DSN = 'https://public@errors.example/7';
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Fires an uncaught error at the window, as the browser does. */
function throwAtWindow(error: Error) {
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
}

/** A reporter that starts when the test says so, recording what it was given and what it reports. */
function deferredReporter() {
  const reported: unknown[] = [];
  let started: ((report: ReportError) => void) | undefined;
  const start = vi.fn(
    () =>
      new Promise<ReportError>((resolve) => {
        started = resolve;
      }),
  );
  const finishStarting = async () => {
    await vi.waitFor(() => expect(started).toBeDefined());
    started?.((error) => reported.push(error));
    await Promise.resolve();
  };
  return { start, reported, finishStarting };
}

afterEach(() => vi.useRealTimers());

describe('error reporting', () => {
  it('loads the reporter after the page has loaded, with the DSN and the tunnel', async () => {
    const { start, finishStarting } = deferredReporter();
    startErrorReporting(readStartupFlags(''), { dsn: DSN, tunnel: TUNNEL }, quiet, start);
    expect(start).not.toHaveBeenCalled();
    await finishStarting();
    expect(start).toHaveBeenCalledWith(DSN, TUNNEL);
  });

  it('hands over the errors seen before the reporter arrived, then reports through it directly', async () => {
    const { start, reported, finishStarting } = deferredReporter();
    const report = startErrorReporting(readStartupFlags(''), { dsn: DSN, tunnel: TUNNEL }, quiet, start);
    const early = new Error('before the reporter');
    throwAtWindow(early);
    const caught = new Error('caught by an error page');
    report(caught);
    await finishStarting();
    expect(reported).toEqual([early, caught]);

    const later = new Error('after');
    report(later);
    // The SDK watches the window itself by now; an uncaught error is not handed over twice.
    throwAtWindow(new Error('seen by the SDK'));
    expect(reported).toEqual([early, caught, later]);
  });

  it.each([
    ['noSentry is set', '?noSentry', DSN],
    ['no DSN is configured', '', undefined],
  ])('loads nothing when %s, and still logs uncaught errors', async (_case, search, dsn) => {
    const start = vi.fn();
    const logger = { ...quiet, error: vi.fn() };
    const report = startErrorReporting(readStartupFlags(search), { dsn, tunnel: TUNNEL }, logger, start);
    const error = new Error('logged only');
    throwAtWindow(error);
    report(new Error('nowhere to go'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(start).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith('uncaught', error);
  });
});
