import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../shared/ui/button-styles';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { Spinner } from '../../shared/ui/Spinner';

/**
 * Aghanim's checkout opens in a new tab (spec store §4) from a link the player clicks: the portal
 * often runs in a publishing platform's frame, where a tab opened without the player's own click
 * is blocked. This dialog stays while the purchase polls the order; closing it gives the payment up.
 */
export function AghanimCheckoutModal({ title, checkoutUrl }: { title: string; checkoutUrl: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <ModalFrame size="sm" title={title}>
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('store.aghanimIntro')}</p>
        <a
          href={checkoutUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="aghanim-checkout-link"
          className={buttonClass(opened ? 'secondary' : 'primary', 'lg')}
          onClick={() => setOpened(true)}
        >
          {opened ? t('store.aghanimOpenAgain') : t('store.aghanimOpen')}
        </a>
        {opened && <Spinner label={t('store.aghanimWaiting')} />}
      </div>
    </ModalFrame>
  );
}
