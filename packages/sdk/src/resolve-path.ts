import { messages, type WireError } from './errors.js';

/** A handler found at a dotted path, with the object it hangs on (its `this`). */
export type Resolution = { fn: (params: unknown) => unknown; self: unknown } | { error: WireError };

/** Names that would reach into JavaScript internals rather than the integrator's handlers. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Own property, or inherited from a class prototype; never from Object or Function built-ins. */
function hasHandlerProperty(target: unknown, key: string): boolean {
  if ((typeof target !== 'object' && typeof target !== 'function') || target === null) return false;
  for (let o: object | null = target; o && o !== Object.prototype && o !== Function.prototype; ) {
    if (Object.hasOwn(o, key)) return true;
    o = Object.getPrototypeOf(o);
  }
  return false;
}

/**
 * Finds the function at `path` (e.g. `ads.showVideo`) in a nested handler object.
 * Errors carry the spec's exact texts: `Method {path} not found.` and
 * `The provided path {path} does not refer to a function.`
 */
export function resolvePath(handlers: object, path: string): Resolution {
  let self: unknown;
  let current: unknown = handlers;
  for (const key of path.split('.')) {
    if (FORBIDDEN.has(key) || !hasHandlerProperty(current, key)) {
      return { error: { code: 'method_not_found', message: messages.methodNotFound(path) } };
    }
    self = current;
    current = (current as Record<string, unknown>)[key];
  }
  if (typeof current !== 'function') {
    return { error: { code: 'not_a_function', message: messages.notAFunction(path) } };
  }
  return { fn: current as (params: unknown) => unknown, self };
}
