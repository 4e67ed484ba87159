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

interface BoundaryProps {
  /** The page shown; the error page goes away when it changes (the player went elsewhere). */
  resetKey: string;
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

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
