/** A small console logger: every line carries the product prefix; debug is on by default (spec §1). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
export const LOG_PREFIX = '[fxid]';

const settings = { level: 'debug' as LogLevel, duplicate: false };

/**
 * `duplicate` repeats every line through console.log, because browser consoles and
 * the debug consoles (eruda, remotejs) hide debug-level lines unless asked.
 */
export function configureLogging(options: { level?: LogLevel; duplicate?: boolean }): void {
  if (options.level) settings.level = options.level;
  if (options.duplicate !== undefined) settings.duplicate = options.duplicate;
}

export function createLogger(scope?: string, sink: Pick<Console, LogLevel | 'log'> = console): Logger {
  const prefix = scope ? `${LOG_PREFIX} ${scope}:` : LOG_PREFIX;
  const write =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      if (ORDER[level] < ORDER[settings.level]) return;
      sink[level](prefix, ...args);
      if (settings.duplicate) sink.log(prefix, `[${level}]`, ...args);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
