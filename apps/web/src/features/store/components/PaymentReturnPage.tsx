import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAuthToken } from '../../../shared/lib/auth-token';
import { requestSignIn } from '../../../shared/lib/sign-in-request';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { isFinal, useOrderStatus } from '../api/order-status';
import { OrderId } from './OrderId';

/**
 * /Store/Return/{id}: where payment providers send the player back. Shows the order
 * and polls its status until it is final. The address carries only the order id: the
 * server finds the signed-in player's own order by it, and names its game.
 */
export function PaymentReturnPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const token = useAuthToken();
  const status = useOrderStatus(token, id);
  const order = status.data?.Order;
  const game = order?.Game;
  const product = order?.OrderProducts.MainProduct;

  let body = <Spinner />;
  if (!token) {
    body = <p>{t('store.returnSignIn')}</p>;
  } else if (status.isError) {
    body = <Notice tone="warning">{t('store.returnNotFound')}</Notice>;
  } else if (order && product) {
    const final = isFinal(status.data);
    body = (
      <div className="flex flex-col items-center gap-3">
        <p className="text-lg font-semibold text-slate-900 dark:text-white">
          {product.ProductName} ·{' '}
          {new Intl.NumberFormat(i18n.resolvedLanguage, {
            style: 'currency',
            currency: order.TotalPrice.Currency,
          }).format(status.data?.Stats.currencyAmount ?? 0)}
        </p>
        <p data-testid="order-status" data-status={order.DetailedStatus} aria-live="polite">
          {t(`store.returnStatus.${order.DetailedStatus}`)}
        </p>
        {!final && status.stopped && <Notice>{t('store.returnStopped')}</Notice>}
      </div>
    );
  }

  return (
    <InfoPage
      title={t('store.returnTitle')}
      actions={
        token ? (
          game && (
            <Link to={`/play/${game}`} className={buttonClass('primary')}>
              {t('common.play')}
            </Link>
          )
        ) : (
          <Button onClick={() => void requestSignIn()}>{t('header.signIn')}</Button>
        )
      }
    >
      <OrderId id={id} />
      {body}
    </InfoPage>
  );
}
