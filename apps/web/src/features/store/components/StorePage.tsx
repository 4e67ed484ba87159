import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGamesList } from '../../../entities/game/api/games-list';
import { useStoreData } from '../../../entities/purchase/api/store-data';
import { usePurchase } from '../../../entities/purchase/use-purchase';
import { ProblemError } from '../../../shared/api/problem';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { platformOf } from '../../../shared/config/site';
import { useSite } from '../../../shared/config/use-site';
import { useAuthToken } from '../../../shared/lib/auth-token';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { usePurchaseNotice } from '../hooks/use-purchase-notice';
import { ProductCard } from './ProductCard';

/** /Store/{game}: the web store of a game, with prices in the player's language and the same purchase as in the game. */
export function StorePage() {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const site = useSite();
  const game = site.game ?? '';
  const platform = platformOf(site.adapter);
  const locale = i18n.resolvedLanguage ?? config.DefaultLocale;
  const games = useGamesList(locale);
  const name = games.data?.find((item) => item.GameSystemName === game)?.Name ?? game;
  const token = useAuthToken();
  const store = useStoreData({ game, platform, locale, token });
  const queryClient = useQueryClient();
  const purchase = usePurchase();
  const notice = usePurchaseNotice();
  const [buying, setBuying] = useState<string | null>(null);

  const buy = async (sku: string, productName: string) => {
    setBuying(sku);
    notice.clear();
    try {
      await purchase({ game, platform, sku });
      notice.succeeded(productName);
    } catch (error) {
      notice.failed(error);
    } finally {
      setBuying(null);
      // What the player owns may have changed (bought now, or found already owned).
      void queryClient.invalidateQueries({ queryKey: ['store', 'data'] });
    }
  };

  if (store.error instanceof ProblemError && store.error.problem.ErrorCode === 'game_not_found') {
    return (
      <InfoPage
        title={t('store.gameNotFoundTitle')}
        actions={
          <Link to="/" className={buttonClass('primary')}>
            {t('store.browseGames')}
          </Link>
        }
      >
        <p data-testid="store-game-not-found">{t('store.gameNotFound', { game })}</p>
      </InfoPage>
    );
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12" aria-labelledby="store-title">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div>
          <h1 id="store-title" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            {t('store.storeTitle')} · {name}
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('store.storeIntro', { game: name })}</p>
        </div>
        <Link to={`/play/${game}`} className={buttonClass('secondary')}>
          {t('common.play')}
        </Link>
      </div>
      {notice.notice && (
        <Notice tone={notice.notice.tone} className="mb-6">
          {notice.notice.text}
        </Notice>
      )}
      {store.isPending ? (
        <Spinner />
      ) : store.isError ? (
        <Notice tone="danger">{t('store.loadFailed')}</Notice>
      ) : store.data.Products.length === 0 ? (
        <Notice>{t('store.empty')}</Notice>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {store.data.Products.map((product) => (
            <ProductCard
              key={product.Sku}
              product={product}
              busy={buying === product.Sku}
              disabled={buying !== null}
              onBuy={() => void buy(product.Sku, product.ProductName)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
