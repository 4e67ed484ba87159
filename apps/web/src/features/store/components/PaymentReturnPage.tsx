import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAuthToken } from '../../../shared/lib/auth-token';
import { requestSignIn } from '../../../shared/lib/sign-in-request';
import { orderGame } from '../../../shared/purchase/order-games';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { isFinal, useOrderStatus } from '../api/order-status';

/**
 * /Store/Return/{id}: where payment providers send the player back. Shows the order
 * and polls its status until it is final. The game comes from `?game=`, else from
 * this browser's memory of the orders it created.
 */
export function PaymentReturnPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = useAuthToken();
  const game = search.get('game') ?? orderGame(id);
  const status = useOrderStatus(token, game, id);
  const order = status.data?.Order;
  const product = order?.OrderProducts.MainProduct;

  let body = <Spinner />;
  if (!token) {
    body = <p>{t('store.returnSignIn')}</p>;
  } else if (!game || status.isError) {
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
      badge={t('store.returnOrder', { id })}
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
      {body}
    </InfoPage>
  );
}
