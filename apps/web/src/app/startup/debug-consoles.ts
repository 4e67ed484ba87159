import type { Logger } from '../../shared/lib/logger';
import type { StartupFlags } from './flags';

const REMOTEJS_AGENT = 'https://remotejs.com/agent/agent.js';

/**
 * Debug consoles for devices without developer tools. They load only on request,
 * so players never download them.
 */
export async function loadDebugConsoles(flags: StartupFlags, logger: Logger): Promise<void> {
  if (flags.eruda) {
    const { default: eruda } = await import('eruda');
    eruda.init();
    logger.info('eruda console on');
  }
  if (flags.remotejs) {
    // The remote agent comes from remotejs.com; the server's CSP allows it on pages asked for with ?remotejs.
    const script = document.createElement('script');
    script.src = REMOTEJS_AGENT;
    script.dataset.consolejsChannel = flags.remotejs;
    script.onerror = () => logger.warn('remotejs agent could not be loaded');
    document.head.append(script);
    logger.info(`remotejs console on, channel ${flags.remotejs}`);
  }
}
