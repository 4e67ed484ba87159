import type { MethodName, MethodParams, MethodResult } from './methods.js';

/** Per-call options. */
export interface CallOptions {
  /** Overrides the default time limit; 0 waits forever. */
  timeoutMs?: number;
}

/** Arguments of `call(method, …)`: params are optional exactly when the method allows none. */
export type CallArgs<K extends MethodName> = [undefined] extends [MethodParams<K>]
  ? [params?: Exclude<MethodParams<K>, undefined>, options?: CallOptions]
  : [params: MethodParams<K>, options?: CallOptions];

/** The typed generic call: `call('buyProduct', { sku })` resolves with a PurchaseResult. */
export type Call = <K extends MethodName>(method: K, ...args: CallArgs<K>) => Promise<MethodResult<K>>;
