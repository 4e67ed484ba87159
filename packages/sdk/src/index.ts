/**
 * @fxid/sdk: the game side. `import { sdk } from '@fxid/sdk'` (or `FxidSDK.sdk` from the UMD
 * build), `await sdk.init()`, then call methods and listen to portal events.
 */
import { createFxidSdk } from './sdk.js';

export type { FxidApi } from './api.js';
export type { Call, CallArgs, CallOptions } from './call-types.js';
export { handshakeTargetOrigin } from './connect.js';
export { messages, SdkError, type SdkErrorCode, type WireError } from './errors.js';
export { INTERACTIVE_METHODS } from './methods.js';
export type * from './protocol.js';
export { createFxidSdk, type FxidSdk, type FxidSdkOptions, type InitState, type Listener } from './sdk.js';
export { type TutorialStep, tutorialEvent, tutorialStatValue } from './stats.js';
export { PROTOCOL_VERSION, SDK_VERSION } from './version.js';

/** The default instance. Creating it does no I/O; the window is touched only by `sdk.init()`. */
export const sdk = createFxidSdk();
