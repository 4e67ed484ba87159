import type { AdapterFactory } from '../adapter.js';
import { fxWrapperAdapter } from '../fx-wrapper.js';
import type { FxLauncherBridge } from './fxlauncher-bridge.js';

/**
 * The game inside our desktop launcher (`window.fxidLauncher`): the launcher's player signed in
 * by its token, the launcher's pause/resume/quit, and otherwise the own site's behaviour,
 * purchases included (the portal's web checkout).
 */
export const fxLauncherAdapter: AdapterFactory = (context) =>
  fxWrapperAdapter<FxLauncherBridge>(context, 'fxlauncher').adapter;
