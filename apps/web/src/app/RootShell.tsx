import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBranding } from '../entities/game/branding';
import { ModalProvider } from '../shared/ui/modals/modal-manager';
import { ScrollToTop } from './ScrollToTop';
import { useTheme } from './theme';

// The session and language sync render nothing: they load beside the first page, not before it.
const SessionBridge = lazy(async () => ({
  default: (await import('../features/auth/components/SessionBridge')).SessionBridge,
}));

/** Everything every page shares: the modal stack, the session, the theme, scroll restoration. */
export function RootShell() {
  const { branding } = useBranding();
  useTheme(branding.ThemeType);
  return (
    <ModalProvider>
      <Suspense fallback={null}>
        <SessionBridge />
      </Suspense>
      <ScrollToTop />
      <Outlet />
    </ModalProvider>
  );
}
