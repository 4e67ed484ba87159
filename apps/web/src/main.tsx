import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme, storedTheme } from './app/theme';
import { createApiClient } from './shared/api/client';
import { apiBaseUrl, readPageConfig } from './shared/config/page-config';
import { initI18n } from './shared/i18n/i18n';
import { configureLogging, createLogger } from './shared/lib/logger';
import { disableContextMenu } from './shared/startup/context-menu';
import { loadDebugConsoles } from './shared/startup/debug-consoles';
import { startErrorReporting } from './shared/startup/error-reporting';
import { readStartupFlags } from './shared/startup/flags';
import { captureInstallPrompt } from './shared/startup/install-prompt';
import { registerServiceWorker } from './shared/startup/service-worker';
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
disableContextMenu();
applyTheme(storedTheme() ?? 'dark');
registerServiceWorker(logger);
void loadDebugConsoles(flags, logger).catch((error: unknown) => logger.warn('debug console failed', error));

const api = createApiClient(apiBaseUrl(config));
initI18n(config, logger).then((i18n) => {
  const root = document.getElementById('root');
  if (!root) return;
  // Errors a route's error page catches never reach the window: log and report them here.
  const onCaughtError = (error: unknown) => {
    logger.error('caught by an error page', error);
    reportError(error);
  };
  createRoot(root, { onCaughtError }).render(
    <StrictMode>
      <App config={config} api={api} i18n={i18n} />
    </StrictMode>,
  );
});
