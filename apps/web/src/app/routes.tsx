import type { PageConfig } from '@fxid/contract/page-config';
import type { RouteObject } from 'react-router';
import { loadMessageSection } from '../shared/i18n/i18n';
import { BootSpinner } from './BootSpinner';
import { RootShell } from './RootShell';
import { RouteError } from './RouteError';
import { paymentTokenLoader, RequireSignIn, redirectHome } from './route-guards';

// Each screen is its own chunk: the first load carries only the shell (spec §2 bundles).

/** A store or payment screen: its chunk and the store's strings arrive together. */
const withStoreMessages =
  <T,>(load: () => Promise<T>) =>
  async () =>
    (await Promise.all([load(), loadMessageSection('store')]))[0];

const heroLayout = async () => ({ Component: (await import('./layouts/HeroLayout')).HeroLayout });
const smallHeroLayout = async () => ({ Component: (await import('./layouts/SmallHeroLayout')).SmallHeroLayout });
const landing = async () => ({ Component: (await import('./pages/LandingPage')).LandingPage });
const player = async () => ({ Component: (await import('../features/player/components/PlayerPage')).PlayerPage });
const paymentForm = withStoreMessages(async () => ({
  Component: (await import('../features/payment/components/PaymentFormPage')).PaymentFormPage,
}));

const playerRoutes = ['play/:game', 'play/:game/iframe/:adapter', 'player/:game', 'player/:game/iframe/:adapter'].map(
  (path): RouteObject => ({ path, lazy: player }),
);

/** Pages under the small hero layout, the same on both site modes. */
const pages: RouteObject[] = [
  ...playerRoutes,
  {
    path: 'LoginWithTempToken',
    lazy: async () => ({
      Component: (await import('../features/auth/components/LoginWithTempTokenPage')).LoginWithTempTokenPage,
    }),
  },
  {
    path: 'LoginValidateEmail',
    lazy: async () => ({
      Component: (await import('../features/auth/components/LoginValidateEmailPage')).LoginValidateEmailPage,
    }),
  },
  {
    path: 'LoginVkId',
    lazy: async () => ({
      Component: (await import('../features/auth/components/VkIdCallbackPage')).VkIdCallbackPage,
    }),
  },
  {
    path: 'LoginFromGame/:game/:token',
    lazy: async () => ({
      Component: (await import('../features/auth/components/LoginFromGamePage')).LoginFromGamePage,
    }),
  },
  {
    path: 'Store/ContinueWithPI',
    lazy: withStoreMessages(async () => ({
      Component: (await import('../features/store/components/ContinueWithPiPage')).ContinueWithPiPage,
    })),
  },
  {
    path: 'Store/Return/:id',
    lazy: withStoreMessages(async () => ({
      Component: (await import('../features/store/components/PaymentReturnPage')).PaymentReturnPage,
    })),
  },
  {
    path: 'Store/MerchantPaymentCompleted/:token',
    lazy: withStoreMessages(async () => ({
      Component: (await import('../features/store/components/MerchantPaymentCompletedPage'))
        .MerchantPaymentCompletedPage,
    })),
  },
  {
    path: 'Store/:game',
    lazy: withStoreMessages(async () => ({
      Component: (await import('../features/store/components/StorePage')).StorePage,
    })),
  },
  // /Docs/… is the viewer and /docs/… the document files; the case tells them apart.
  ...['Docs/:doc', 'Docs/:game/:adapter/:doc'].map(
    (path): RouteObject => ({
      path,
      caseSensitive: true,
      lazy: async () => ({ Component: (await import('../features/docs/components/DocsPage')).DocsPage }),
    }),
  ),
  {
    path: 'docs/:adapter/:lang/:file',
    caseSensitive: true,
    lazy: async () => ({ Component: (await import('../features/docs/components/DocsFilePage')).DocsFilePage }),
  },
  {
    path: 'docs/:game/:adapter/contacts',
    caseSensitive: true,
    lazy: async () => ({ Component: (await import('../features/docs/components/ContactsPage')).ContactsPage }),
  },
  {
    path: ':game/documents/:id/view',
    lazy: async () => ({
      Component: (await import('../features/docs/components/DocumentViewPage')).DocumentViewPage,
    }),
  },
  {
    path: 'developers',
    lazy: async () => ({ Component: (await import('../features/docs/components/DevelopersPage')).DevelopersPage }),
  },
  // Matches /error and /Error: paths match regardless of case unless told otherwise.
  {
    path: 'error',
    lazy: async () => ({ Component: (await import('../features/errors/components/ErrorPage')).ErrorPage }),
  },
  {
    path: 'Profile',
    lazy: async () => {
      const { ProfilePage } = await import('../features/profile/components/ProfilePage');
      return {
        Component: () => (
          <RequireSignIn>
            <ProfilePage />
          </RequireSignIn>
        ),
      };
    },
  },
  {
    path: 'discord-qr',
    lazy: async () => ({ Component: (await import('../features/discord/components/DiscordQrPage')).DiscordQrPage }),
  },
  { path: ':token', loader: paymentTokenLoader, lazy: paymentForm },
];

/**
 * The route table of spec §2. A single-game site opens on its game; the portal on
 * its landing. Unknown paths go to /.
 */
export function appRoutes(config: Pick<PageConfig, 'FixedGame'>): RouteObject[] {
  const home: RouteObject = config.FixedGame
    ? {
        lazy: smallHeroLayout,
        children: [
          { index: true, lazy: player },
          { path: 'iframe/:adapter', lazy: player },
        ],
      }
    : {
        lazy: heroLayout,
        children: [
          { index: true, lazy: landing },
          { path: 'iframe/:adapter', lazy: landing },
        ],
      };
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RouteError,
      HydrateFallback: BootSpinner,
      children: [home, { lazy: smallHeroLayout, children: pages }, { path: '*', loader: redirectHome }],
    },
  ];
}
