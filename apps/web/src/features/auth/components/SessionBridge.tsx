import { useEffect } from 'react';
import { useFriendInvite } from '../../../entities/friends/hooks/use-friend-invite';
import { provideSignIn } from '../../../shared/lib/sign-in-request';
import { useAuthSync } from '../hooks/use-auth-sync';
import { useLoginModal } from '../hooks/use-login-modal';
import { useProfileLanguage } from '../hooks/use-profile-language';

/**
 * Mounted once inside the modal stack: keeps the session and the UI language in step with the account, and
 * lets any screen (header, game player, store) open the login modal by requestSignIn.
 */
export function SessionBridge() {
  useAuthSync();
  useProfileLanguage();
  useFriendInvite();
  const openLogin = useLoginModal();
  useEffect(
    () =>
      provideSignIn((request) => openLogin(request?.addEmail ? { addEmail: true, returnTo: '/Profile' } : undefined)),
    [openLogin],
  );
  return null;
}
