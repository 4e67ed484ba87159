export * from './adapter.js';
export { notAvailable, UnsupportedAdapterError, unsupported, unsupportedAdapterMessage } from './errors.js';
export { ADAPTERS, BUILT_ADAPTERS, isAdapterName, loadAdapter } from './registry.js';
