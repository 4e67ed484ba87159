import { Outlet, ScrollRestoration } from 'react-router';
import { SessionBridge } from '../features/auth/components/SessionBridge';
import { useBranding } from '../shared/api/branding';
import { ModalProvider } from '../shared/modals/modal-manager';
import { useTheme } from './theme';

/** Everything every page shares: the modal stack, the session, the theme, scroll restoration. */
export function RootShell() {
  const { branding } = useBranding();
  useTheme(branding.ThemeType);
  return (
    <ModalProvider>
      <SessionBridge />
      <ScrollRestoration />
      <Outlet />
    </ModalProvider>
  );
}
