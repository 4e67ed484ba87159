/** Spec store §9: poll every second for at most three minutes; the checkout closes 1 s after it ends. */
export const PURCHASE_TIMINGS = { pollIntervalMs: 1000, pollTimeoutMs: 180_000, closeDelayMs: 1000 };
