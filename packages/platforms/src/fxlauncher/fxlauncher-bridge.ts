import type { FxWrapperBridge } from '../fx-wrapper.js';

/**
 * The bridge our desktop launcher hands the portal page as `window.fxidLauncher` (README.md
 * beside this file): sign-in token and lifecycle, nothing more. Purchases go through the
 * portal's own web checkout inside the page; the launcher has no store of its own.
 */
export type FxLauncherBridge = FxWrapperBridge;

declare global {
  interface Window {
    fxidLauncher?: FxLauncherBridge;
  }
}
