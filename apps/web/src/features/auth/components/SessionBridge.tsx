import { useEffect } from 'react';
import { provideSignIn } from '../../../shared/lib/sign-in-request';
import { useAuthSync } from '../hooks/use-auth-sync';
import { useLoginModal } from '../hooks/use-login-modal';

/**
 * Mounted once inside the modal stack: keeps the session in step with the token and
 * lets any screen (header, game player, store) open the login modal by requestSignIn.
 */
export function SessionBridge() {
  useAuthSync();
  const openLogin = useLoginModal();
  useEffect(() => provideSignIn(() => openLogin()), [openLogin]);
  return null;
}
