import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button';
import { ModalFrame } from '../ModalFrame';
import { useClipboard } from './use-clipboard';

/** A link as a QR code (the QR library loads only here) and as copyable text. */
export function LinkShareModal({ url, title }: { url: string; title?: string }) {
  const { t } = useTranslation();
  const { copy, copied } = useClipboard();
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(url, { margin: 1, width: 480, errorCorrectionLevel: 'M' }))
      .then((data) => live && setQr(data))
      .catch(() => live && setQr(undefined));
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <ModalFrame title={title ?? t('modals.shareTitle')}>
      <div className="flex flex-col items-center gap-4">
        <div className="grid h-60 w-60 place-items-center rounded-2xl bg-white p-3 ring-1 ring-slate-200">
          {qr ? (
            <img src={qr} alt={t('modals.shareQrAlt')} width={216} height={216} data-testid="share-qr" />
          ) : (
            <span className="h-6 w-6 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
          )}
        </div>
        <label className="w-full text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('modals.shareLink')}
          <div className="mt-1 flex gap-2">
            <input
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
            />
            <Button onClick={() => copy(url, { showModalOnFail: true })} aria-live="polite">
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          </div>
        </label>
      </div>
    </ModalFrame>
  );
}
