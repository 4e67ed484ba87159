import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { isFinalOrder, useMerchantPaymentCompleted } from '../api/merchant-payment-completed';
import { isOrderLinkToken, navigableUrl } from '../lib/links';
import { OrderId } from './OrderId';
import { OrderSummary } from './OrderSummary';

/**
 * /Store/MerchantPaymentCompleted/{token}: where a redirect checkout's provider sends
 * the player back. Shows the order, polling every second until it is final (only the
 * provider's signed notification pays it), and a link back to the game.
 */
export function MerchantPaymentCompletedPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const status = useMerchantPaymentCompleted(token);
  const data = status.data;
  const product = data?.Order.OrderProducts.MainProduct;
  const back = navigableUrl(data?.ReturnUrl, window.location.href);

  let body = <Spinner />;
  if (status.isError || !isOrderLinkToken(token)) {
    body = <Notice tone="warning">{t('store.merchantLinkInvalid')}</Notice>;
  } else if (data && product) {
    const price = new Intl.NumberFormat(i18n.resolvedLanguage, {
      style: 'currency',
      currency: data.Stats.currency,
    }).format(data.Stats.currencyAmount);
    body = (
      <div className="grid gap-4">
        <OrderSummary product={product} price={price} />
        <p data-testid="order-status" data-status={data.Order.DetailedStatus} aria-live="polite">
          {t(`store.returnStatus.${data.Order.DetailedStatus}`)}
        </p>
        {!isFinalOrder(data) && status.stopped && <Notice>{t('store.returnStopped')}</Notice>}
      </div>
    );
  }

  return (
    <InfoPage
      title={t('store.merchantTitle')}
      actions={
        back && (
          <a href={back} className={buttonClass('primary')}>
            {t('store.backToGame')}
          </a>
        )
      }
    >
      {data && <OrderId id={data.TransactionId} />}
      {body}
    </InfoPage>
  );
}
