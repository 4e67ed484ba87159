import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { docsAdapterFor } from '../../entities/documents/docs-files';
import { useGamesList } from '../../entities/game/api/games-list';
import { useBranding } from '../../entities/game/branding';
import { usePageConfig } from '../../shared/config/page-config-context';
import { resolveAdapter } from '../../shared/config/site';
import { assetUrl } from '../../shared/lib/asset-url';
import { useModals } from '../../shared/ui/modals/modal-manager';

// The FAQ and the contacts load when first opened, not with the page.
const FaqModal = lazy(async () => ({ default: (await import('../../features/docs/components/DocsModals')).FaqModal }));
const ContactsModal = lazy(async () => ({
  default: (await import('../../features/docs/components/DocsModals')).ContactsModal,
}));

const linkClass =
  'rounded text-sm text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline dark:text-slate-300 dark:hover:text-white';

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const [search] = useSearchParams();
  const { branding } = useBranding();
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  const modals = useModals();
  const adapter = resolveAdapter(config, undefined, search);
  const docsAdapter = docsAdapterFor(adapter);
  const game = config.FixedGame ?? search.get('game') ?? games.data?.[0]?.GameSystemName;
  const gameQuery = game && !config.FixedGame ? `?game=${encodeURIComponent(game)}` : '';

  // Shown straight in the modal: one title, no page inside a frame inside the modal.
  const openFaq = () =>
    modals.open(() => <FaqModal title={t('docs.faq')} language={i18n.resolvedLanguage ?? config.DefaultLocale} />);
  const openContacts = () =>
    game && modals.open(() => <ContactsModal title={t('docs.contacts')} game={game} adapter={docsAdapter} />);

  return (
    <footer className="mt-16 border-t border-slate-200 bg-white/60 dark:border-slate-800 dark:bg-slate-950/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <img src={assetUrl(branding.Logos.CompanyLogo)} alt="" height={28} className="h-7 w-auto shrink-0" />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('footer.rights', { year: new Date().getFullYear(), company: branding.CompanyName })}
          </p>
        </div>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          <li>
            <Link className={linkClass} to={`/Docs/tos${gameQuery}`}>
              {t('footer.terms')}
            </Link>
          </li>
          <li>
            <Link className={linkClass} to={`/Docs/pp${gameQuery}`}>
              {t('footer.privacy')}
            </Link>
          </li>
          <li>
            <button type="button" className={`${linkClass} cursor-pointer`} onClick={openFaq}>
              {t('footer.faq')}
            </button>
          </li>
          <li>
            <Link className={linkClass} to="/developers">
              {t('footer.developers')}
            </Link>
          </li>
          {game && (
            <li>
              <button type="button" className={`${linkClass} cursor-pointer`} onClick={openContacts}>
                {t('footer.contacts')}
              </button>
            </li>
          )}
        </ul>
      </div>
    </footer>
  );
}
