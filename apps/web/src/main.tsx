import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoutes } from './app/router';
import { focusAutoFocusOnMount } from './app/startup/auto-focus';
import { disableContextMenu } from './app/startup/context-menu';
import { loadDebugConsoles } from './app/startup/debug-consoles';
import { startErrorReporting } from './app/startup/error-reporting';
import { readFirstData } from './app/startup/first-data';
import { readStartupFlags } from './app/startup/flags';
import { captureInstallPrompt } from './app/startup/install-prompt';
import { registerServiceWorker } from './app/startup/service-worker';
import { applyTheme, storedTheme } from './app/theme';
import { createApiClient } from './shared/api/client';
import { apiBaseUrl, readPageConfig } from './shared/config/page-config';
import { initI18n } from './shared/i18n/i18n';
import { configureLogging, createLogger } from './shared/lib/logger';
import './app/styles.css';

// Startup behaviours of spec §1, in the order they matter.
const flags = readStartupFlags(window.location.search);
configureLogging({ level: 'debug', duplicate: flags.duplicateLogs });
const logger = createLogger();
const config = readPageConfig();
const reportError = startErrorReporting(
  flags,
  { dsn: config.ErrorReportingDsn, tunnel: `${apiBaseUrl(config)}/api/s_tunnel` },
  logger,
);
captureInstallPrompt();
focusAutoFocusOnMount();
disableContextMenu();
applyTheme(storedTheme() ?? 'dark');
registerServiceWorker(logger);
void loadDebugConsoles(flags, logger).catch((error: unknown) => logger.warn('debug console failed', error));

const api = createApiClient(apiBaseUrl(config));
// The first page's chunks load beside the translations, not after them.
preloadRoutes(config);
initI18n(config, logger).then((i18n) => {
  // The first render is the start-up's longest piece of work: in a task of its own, not after the
  // translations' own set-up in the task that brought them, so that neither holds the page as long.
  setTimeout(() => {
    const root = document.getElementById('root');
    if (!root) return;
    // Errors a route's error page catches never reach the window: log and report them here.
    const onCaughtError = (error: unknown) => {
      logger.error('caught by an error page', error);
      reportError(error);
    };
    createRoot(root).render(
      <StrictMode>
        <App config={config} api={api} i18n={i18n} onCaughtError={onCaughtError} firstData={readFirstData()} />
      </StrictMode>,
    );
  });
});
