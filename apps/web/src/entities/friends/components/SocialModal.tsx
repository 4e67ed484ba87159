import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createLogger } from '../../../shared/lib/logger';
import { Button } from '../../../shared/ui/Button';
import { ModalFrame } from '../../../shared/ui/ModalFrame';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { useFriends } from '../api/friends';
import { useInviteShare } from '../hooks/use-invite-share';
import { FriendRow } from './FriendRow';

const logger = createLogger('friends');

/** Friends and their status updates in the current game (spec §2, social modal). */
export function SocialModal({ game, name }: { game: string; name: string }) {
  const { t } = useTranslation();
  const friends = useFriends(game);
  const share = useInviteShare();
  const invite = useMutation({
    mutationFn: () => share(game, name),
    onError: (error) => logger.warn('invite link not created', error),
  });
  const list = friends.data ?? [];
  return (
    <ModalFrame
      title={friends.data ? t('friends.title', { count: list.length }) : t('friends.social')}
      size="md"
      footer={
        <Button onClick={() => invite.mutate()} disabled={invite.isPending}>
          {t('friends.invite')}
        </Button>
      }
    >
      {invite.isError && <Notice tone="danger">{t('friends.inviteFailed')}</Notice>}
      {friends.isError ? (
        <div className="grid justify-items-center gap-3">
          <Notice tone="danger">{t('friends.loadFailed')}</Notice>
          <Button variant="secondary" onClick={() => friends.refetch()} disabled={friends.isFetching}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : !friends.data ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('friends.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((friend) => (
            <FriendRow key={friend.FriendAccountId} friend={friend} />
          ))}
        </ul>
      )}
    </ModalFrame>
  );
}
