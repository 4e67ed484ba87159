import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../shared/ui/button-styles';
import { Spinner } from '../../../shared/ui/Spinner';

/**
 * The SBP QR code the bank issued (its https://qr.nspk.ru/… link): scanned with a bank app on
 * another device, or opened as a link on this phone. The QR library loads only here.
 */
export function Bank131SbpPanel({ content }: { content: string | null }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string>();
  useEffect(() => {
    if (!content) return;
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(content, { margin: 1, width: 480, errorCorrectionLevel: 'M' }))
      .then((data) => live && setImage(data))
      .catch(() => live && setImage(undefined));
    return () => {
      live = false;
    };
  }, [content]);

  if (!content) {
    return (
      <div className="flex items-center gap-3 text-sm" data-testid="bank131-sbp-waiting">
        <Spinner />
        <span>{t('store.bank131.sbpWaiting')}</span>
      </div>
    );
  }
  return (
    <div className="grid justify-items-center gap-3 text-center text-sm" data-testid="bank131-sbp">
      <div className="grid h-56 w-56 place-items-center rounded-2xl bg-white p-3 ring-1 ring-slate-200">
        {image ? <img src={image} alt="" width={200} height={200} data-testid="bank131-sbp-qr" /> : <Spinner />}
      </div>
      <p>{t('store.bank131.sbpHint')}</p>
      <a href={content} className={buttonClass('secondary')} data-testid="bank131-sbp-link">
        {t('store.bank131.sbpOpen')}
      </a>
    </div>
  );
}
