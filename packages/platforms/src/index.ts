export * from './adapter.js';
export { notAvailable, UnsupportedAdapterError, unsupported, unsupportedAdapterMessage } from './errors.js';
export type { FxWrapperBridge } from './fx-wrapper.js';
export type { FxLauncherBridge } from './fxlauncher/fxlauncher-bridge.js';
export type { FxNativeBridge, NativeReceipt } from './fxnative/fxnative-bridge.js';
export { ADAPTERS, isAdapterName, loadAdapter } from './registry.js';
