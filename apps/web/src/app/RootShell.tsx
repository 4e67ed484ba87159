import { Outlet, ScrollRestoration } from 'react-router';
import { useBranding } from '../shared/api/branding';
import { ModalProvider } from '../shared/modals/modal-manager';
import { useTheme } from './theme';

/** Everything every page shares: the modal stack, the theme, scroll restoration. */
export function RootShell() {
  const { branding } = useBranding();
  useTheme(branding.ThemeType);
  return (
    <ModalProvider>
      <ScrollRestoration />
      <Outlet />
    </ModalProvider>
  );
}
