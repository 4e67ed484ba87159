import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PersonalInfoForm } from '../../../entities/purchase/PersonalInfoForm';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { useContinueWithPi } from '../api/continue-redirect-with-pi';
import { formatMinor, isOrderLinkToken, linkFailure, navigableUrl } from '../lib/links';
import { OrderSummary } from './OrderSummary';

/**
 * /Store/ContinueWithPI?Token=…: a redirect checkout whose order needs the player's
 * email (their account has none). Shows the order and the personal-info form, saves
 * the values, then sends the browser on to the provider's checkout.
 */
export function ContinueWithPiPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('Token') ?? search.get('token') ?? '';
  const { order, submit } = useContinueWithPi(token);
  const [leaving, setLeaving] = useState(false);
  const [badAddress, setBadAddress] = useState(false);
  const data = order.data;
  const product = data?.Order.OrderProducts.MainProduct;

  let body = <Spinner />;
  if (!token) {
    body = <Notice tone="warning">{t('store.linkMissing')}</Notice>;
  } else if (!isOrderLinkToken(token) || order.isError) {
    body = <Notice tone="warning">{t(order.isError ? linkFailure(order.error) : 'store.linkInvalid')}</Notice>;
  } else if (leaving) {
    body = <Spinner label={t('store.redirecting')} />;
  } else if (data && product) {
    body = (
      <div className="grid gap-5">
        <OrderSummary
          product={product}
          price={formatMinor(data.Order.TotalPrice.Amount, data.Order.TotalPrice.Currency, i18n.resolvedLanguage)}
        />
        <p>{t('store.continueBody')}</p>
        {(submit.isError || badAddress) && (
          <Notice tone="danger">{t(badAddress ? 'store.continueFailed' : linkFailure(submit.error))}</Notice>
        )}
        <PersonalInfoForm
          defaultEmail={data.PersonalInfoRequirements.Email.DefaultValue ?? data.OrderPersonalInfo.Email}
          emailRequired={data.PersonalInfoRequirements.Email.Required}
          busy={submit.isPending}
          onSubmit={(info) =>
            submit.mutate(info, {
              onSuccess: (saved) => {
                const next = navigableUrl(saved.RedirectUrl, window.location.href);
                if (!next) {
                  setBadAddress(true);
                  return;
                }
                setLeaving(true);
                window.location.assign(next);
              },
            })
          }
        />
      </div>
    );
  }

  return <InfoPage title={t('store.continueTitle')}>{body}</InfoPage>;
}
