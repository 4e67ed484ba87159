import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createLogger } from '../shared/lib/logger';
import { Button } from '../shared/ui/Button';
import { InfoPage } from '../shared/ui/InfoPage';

const logger = createLogger('router');

/** Shown when a page's code fails to load or render, e.g. a chunk lost to a deploy. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => logger.error('route failed', error), [error]);
  return (
    <main className="min-h-dvh">
      <InfoPage
        title={t('routeError.title')}
        actions={<Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>}
      >
        {t('routeError.body')}
      </InfoPage>
    </main>
  );
}

/** Told of an error the error page caught: it never reaches the window's error handlers. */
export type CaughtErrorHandler = (error: unknown) => void;

interface BoundaryProps {
  /** The page shown; the error page goes away when it changes (the player went elsewhere). */
  resetKey: string;
  onCaughtError: CaughtErrorHandler;
  children: ReactNode;
}

/** Catches what the pages throw while loading or rendering and shows RouteError instead. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error?: unknown; key?: string }> {
  override state: { error?: unknown; key?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error?: unknown; key?: string }) {
    // A new page clears the error the last one raised.
    if (state.key !== props.resetKey) return { key: props.resetKey, error: undefined };
    return null;
  }

  // Here rather than createRoot's onCaughtError option: the production build renders with
  // preact/compat, whose createRoot takes no options.
  override componentDidCatch(error: unknown) {
    this.props.onCaughtError(error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
