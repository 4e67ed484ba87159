import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../shared/api/api-context';
import { useAuthToken } from '../../../shared/lib/auth-token';
import { LazyLinkShareModal } from '../../../shared/ui/modals/lazy-modals';
import { useModals } from '../../../shared/ui/modals/modal-manager';
import { fetchInviteLink } from '../api/invite-link';

/** Gets the player's invite link to a game and opens it in the link share modal (QR code and copyable link). */
export function useInviteShare() {
  const { t } = useTranslation();
  const api = useApiClient();
  const token = useAuthToken();
  const modals = useModals();
  return async (game: string, name: string): Promise<void> => {
    if (!token) throw new Error('Inviting friends needs a signed-in player');
    const url = await fetchInviteLink(api, token, game);
    modals.open(() => <LazyLinkShareModal url={url} title={t('friends.inviteTitle', { name })} />);
  };
}
