import { useTranslation } from 'react-i18next';
import { isApplePlatform } from '../../lib/environment';
import { Button } from '../Button';
import { ModalFrame } from '../ModalFrame';

/**
 * Shown when the clipboard refused a copy: the text is selected, and the player is
 * told the copy shortcut of their system.
 */
export function TextCopyModal({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  const hint = isApplePlatform() ? t('modals.copyHintCmd') : t('modals.copyHintCtrl');
  return (
    <ModalFrame
      title={t('modals.copyTitle')}
      description={hint}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <textarea
        readOnly
        value={text}
        aria-label={t('modals.copyTitle')}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        // Selected on open so one shortcut copies it.
        ref={(element) => {
          element?.focus();
          element?.select();
        }}
        className="mt-3 w-full resize-none rounded-xl border border-slate-300 bg-slate-50 p-3 font-mono text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
    </ModalFrame>
  );
}
