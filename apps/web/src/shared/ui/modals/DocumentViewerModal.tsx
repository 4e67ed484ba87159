import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadImage } from '../../lib/download-image';
import { Button } from '../Button';
import { buttonClass } from '../button-styles';
import { DownloadIcon, ExternalIcon } from '../icons';
import { ModalFrame } from '../ModalFrame';
import { Spinner } from '../Spinner';
import { FRAME_CHECK_DELAYS_MS, frameLooksRefused } from './frame-refusal';
import { printHtml } from './print-html';
import type { ViewerContent } from './viewer-content';

// The markdown renderer loads with the first document shown, never with the page.
const MarkdownContent = lazy(async () => ({ default: (await import('../MarkdownContent')).MarkdownContent }));

/** Spec §4: open → loading → loaded, or the open-in-new-page fallback; a failed load shows in red. */
type Phase = 'loading' | 'loaded' | 'fallback' | 'failed';

/**
 * Spec §2 document viewer: markdown (rendered safely), an image or another page in a
 * frame, with a spinner while it loads. Print (Download for images) and Close. Its
 * state lives in the modal, so closing it starts the next opening afresh.
 */
export function DocumentViewerModal({
  title,
  load,
  onClose,
}: {
  title: string;
  /** Fetches what to show; a rejection shows the load error. */
  load: () => Promise<ViewerContent>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [content, setContent] = useState<ViewerContent>();
  const [phase, setPhase] = useState<Phase>('loading');
  const body = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const frameLoaded = useRef(false);

  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => {
        if (!live) return;
        setContent(loaded);
        if (loaded.kind === 'markdown') setPhase('loaded');
      },
      () => live && setPhase('failed'),
    );
    return () => {
      live = false;
    };
  }, [load]);

  useFrameChecks(content, frame, frameLoaded, () => setPhase('fallback'));

  const url = content && content.kind !== 'markdown' ? content.url : undefined;
  const print = () => {
    if (content?.kind === 'markdown' && body.current) printHtml(body.current.innerHTML, title);
    else if (content?.kind === 'iframe') printFrame(frame.current, content.url);
  };
  const canAct = phase === 'loaded' && content !== undefined;

  return (
    <ModalFrame
      size="lg"
      title={title}
      // Close sits in the footer beside Print (spec §2); Escape closes too.
      hideClose
      footer={
        <>
          {url && content?.kind === 'iframe' && phase !== 'fallback' && (
            <a href={url} target="_blank" rel="noopener" className={buttonClass('ghost')}>
              <ExternalIcon /> {t('documents.openInNewPage')}
            </a>
          )}
          {canAct && content.kind === 'image' && (
            <Button
              variant="secondary"
              onClick={() => void downloadImage(content.url, fileNameOf(content.url), t('modals.cannotDownload'))}
            >
              <DownloadIcon /> {t('common.download')}
            </Button>
          )}
          {canAct && content.kind !== 'image' && (
            <Button variant="secondary" onClick={print}>
              {t('common.print')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.close')}</Button>
        </>
      }
    >
      <div className="max-h-[70vh] overflow-auto" data-testid="document-viewer-body">
        {phase === 'loading' && <Spinner />}
        {phase === 'failed' && <p className="text-red-700 dark:text-red-300">{t('docs.loadError')}</p>}
        {phase === 'fallback' && url && <RefusedNotice url={url} />}
        {content?.kind === 'markdown' && (
          <div ref={body} lang={content.locale}>
            <Suspense fallback={<Spinner />}>
              <MarkdownContent text={content.text} />
            </Suspense>
          </div>
        )}
        {content?.kind === 'image' && phase !== 'fallback' && (
          <img
            src={content.url}
            alt={title}
            className={phase === 'loaded' ? 'mx-auto max-w-full' : 'hidden'}
            onLoad={() => setPhase('loaded')}
            onError={() => setPhase('fallback')}
          />
        )}
        {content?.kind === 'iframe' && phase !== 'fallback' && (
          <iframe
            ref={frame}
            src={content.url}
            title={title}
            onLoad={() => {
              frameLoaded.current = true;
              setPhase((current) => (current === 'loading' ? 'loaded' : current));
            }}
            // Kept in the layout while loading: a hidden frame may not load at all.
            className={
              phase === 'loaded'
                ? 'h-[65vh] w-full rounded-xl border border-slate-200 bg-white dark:border-slate-800'
                : 'h-px w-full opacity-0'
            }
          />
        )}
      </div>
    </ModalFrame>
  );
}

/**
 * Checks a framed page after 2 s and again 3 s later; a refused one calls `refused`.
 * A frame blocked by the portal's own CSP (frame-src) is reported by the browser at once.
 */
function useFrameChecks(
  content: ViewerContent | undefined,
  frame: React.RefObject<HTMLIFrameElement | null>,
  loaded: React.RefObject<boolean>,
  refused: () => void,
) {
  const url = content?.kind === 'iframe' ? content.url : undefined;
  const onRefused = useRef(refused);
  onRefused.current = refused;
  useEffect(() => {
    if (!url) return;
    const target = new URL(url, window.location.href).href;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      const blocked = event.blockedURI;
      if (event.effectiveDirective === 'frame-src' && blocked && target.startsWith(blocked)) onRefused.current();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    const timers: ReturnType<typeof setTimeout>[] = [];
    let elapsed = 0;
    FRAME_CHECK_DELAYS_MS.forEach((delay, index) => {
      elapsed += delay;
      const last = index === FRAME_CHECK_DELAYS_MS.length - 1;
      timers.push(
        setTimeout(() => {
          if (frame.current && frameLooksRefused(frame.current, loaded.current, last)) onRefused.current();
        }, elapsed),
      );
    });
    return () => {
      document.removeEventListener('securitypolicyviolation', onViolation);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [url, frame, loaded]);
}

/** What the player sees instead of a page that cannot be framed. */
function RefusedNotice({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      <p className="text-slate-700 dark:text-slate-200">{t('documents.frameRefused')}</p>
      <a href={url} target="_blank" rel="noopener" className={buttonClass('primary')}>
        <ExternalIcon /> {t('documents.openInNewPage')}
      </a>
    </div>
  );
}

/** A page of the portal's origin prints itself; another origin's page opens in a tab to print there. */
function printFrame(frame: HTMLIFrameElement | null, url: string) {
  try {
    if (!frame?.contentWindow) throw new Error('no frame');
    frame.contentWindow.print();
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}

function fileNameOf(url: string): string {
  return new URL(url, window.location.href).pathname.split('/').pop() || 'document';
}
