import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBranding } from '../entities/game/branding';
import { useIdle } from '../shared/lib/use-idle';
import { ModalProvider } from '../shared/ui/modals/modal-manager';
import { ScrollToTop } from './ScrollToTop';
import { useTheme } from './theme';

// The session and language sync render nothing: they load after the first page has painted (the
// browser's first idle moment), not before it nor on the way to its largest paint. Sign-in requests
// made meanwhile wait for them (sign-in-request.ts).
const SessionBridge = lazy(async () => ({
  default: (await import('../features/auth/components/SessionBridge')).SessionBridge,
}));

/** Everything every page shares: the modal stack, the session, the theme, scroll restoration. */
export function RootShell() {
  const { branding } = useBranding();
  useTheme(branding.ThemeType);
  const idle = useIdle();
  return (
    <ModalProvider>
      {idle && (
        <Suspense fallback={null}>
          <SessionBridge />
        </Suspense>
      )}
      <ScrollToTop />
      <Outlet />
    </ModalProvider>
  );
}
