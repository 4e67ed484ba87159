/** The host simulator's stand-ins of our wrappers' bridges (development only; the real wrappers inject theirs). */
export const DEV_FXLAUNCHER_BRIDGE_URL = 'dev/hosts/fxlauncher/bridge.js';
export const DEV_FXNATIVE_BRIDGE_URL = 'dev/hosts/fxnative/bridge.js';
