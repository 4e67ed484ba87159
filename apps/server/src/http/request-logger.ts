import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Fastify's logger here is pino, which can say whether a level is on. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that makes its pino child only when the request logs
 * something at an enabled level. pino serialises the child's bindings on
 * creation, which was a measurable share of a cached authenticated call, while
 * at the production level almost no request logs anything.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  #log(level: Level, args: unknown[]): void {
    if (this.#child || this.parent.isLevelEnabled(level)) (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}

  isLevelEnabled(level: string): boolean {
    return ((this.#child as PinoLogger | undefined) ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's per-request logger factory: lazy, unless a route sets its own level or serializers. */
export const lazyRequestLoggers: FastifyServerOptions['childLoggerFactory'] = (logger, bindings, options) =>
  options.level || options.serializers
    ? logger.child(bindings, options)
    : (new LazyRequestLogger(logger as PinoLogger, bindings) as unknown as FastifyBaseLogger);
