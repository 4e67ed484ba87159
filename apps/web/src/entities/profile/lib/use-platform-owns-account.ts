import { DEFAULT_ADAPTER } from '../../../shared/config/site';
import { useSite } from '../../../shared/config/use-site';
import { isEmbedded } from '../../../shared/lib/environment';

/**
 * True inside a social platform or an iframe: the platform owns the account there, so the
 * profile shows only a reassurance (spec §2, §6). The one rule for the profile page and modal.
 */
export function usePlatformOwnsAccount(): boolean {
  const { adapter } = useSite();
  return isEmbedded() || adapter !== DEFAULT_ADAPTER;
}
