import { useTranslation } from 'react-i18next';
import sdkGuide from '../../../../../../packages/sdk/README.md?raw';
import { useBranding } from '../../../entities/game/branding';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { MarkdownContent } from '../../../shared/ui/MarkdownContent';
import { portalGuide } from '../lib/portal-guide';
import { DocumentPanel } from './DocumentPanel';

/**
 * /developers: the SDK guide for game studios (quick start, then the reference), the same
 * text as the SDK package's README so the two never drift. The guide is in English; the
 * page around it follows the player's language.
 */
export function DevelopersPage() {
  const { t } = useTranslation();
  const { branding } = useBranding();
  useDocumentTitle(t('developers.title'), branding.BrandName);
  return (
    <DocumentPanel>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t('developers.title')}
      </h1>
      <p className="mb-6 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {t('developers.englishOnly')}
      </p>
      <div lang="en" dir="ltr" className="developers-guide">
        <MarkdownContent text={portalGuide(sdkGuide)} />
      </div>
    </DocumentPanel>
  );
}
