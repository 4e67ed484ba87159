import { useCallback, useEffect, useRef, useState } from 'react';
import { type ClipboardResult, COPY_FEEDBACK_MS, writeToClipboard } from '../../lib/clipboard';
import { LazyTextCopyModal } from './lazy-modals';
import { useModals } from './modal-manager';

/**
 * Copies text; `copied` is true for 1.5 s after a success. When the clipboard refuses
 * and showModalOnFail is set, the text-copy modal lets the player copy by hand.
 */
export function useClipboard() {
  const modals = useModals();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string, options: { showModalOnFail?: boolean } = {}): Promise<ClipboardResult> => {
      const result = await writeToClipboard(text);
      if (result.savedToClipboard) {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      } else if (options.showModalOnFail) {
        modals.open((close) => <LazyTextCopyModal text={text} onClose={close} />);
      }
      return result;
    },
    [modals],
  );
  return { copy, copied };
}
