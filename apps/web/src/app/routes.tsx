import type { PageConfig } from '@fxid/contract/page-config';
import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { loadMessageSection } from '../shared/i18n/i18n';
import { RootShell } from './RootShell';
import { isPaymentToken, RequireSignIn } from './route-guards';

// Each screen is its own chunk: the first load carries only the shell (spec §2 bundles).
// Declarative routes (useRoutes) with React.lazy screens: the data router's loaders and lazy
// route objects cost every page 17 KB gzip more than this (react-router 30 KB against 13 KB).
// Navigations are transitions, so the page on screen stays until the next one's chunk is in.

/** What preloadRoutes needs of a route: its screen's loader (the chunk is fetched once). */
export interface ScreenHandle {
  preload: () => Promise<ComponentType>;
}

/** A screen's route fields: its component, loaded from its own chunk when first rendered or preloaded. */
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  const Screen = lazy(async () => ({ default: await preload() }));
  const handle: ScreenHandle = { preload };
  return { element: <Screen />, handle };
}

/** A store or payment screen: its chunk and the store's strings arrive together. */
const withStoreMessages = (load: () => Promise<ComponentType>) => async () =>
  (await Promise.all([load(), loadMessageSection('store')]))[0];

const heroLayout = () => screen(async () => (await import('./layouts/HeroLayout')).HeroLayout);
const smallHeroLayout = () => screen(async () => (await import('./layouts/SmallHeroLayout')).SmallHeroLayout);
const landing = () => screen(async () => (await import('./pages/LandingPage')).LandingPage);
const player = () => screen(async () => (await import('../features/player/components/PlayerPage')).PlayerPage);
const paymentForm = screen(
  withStoreMessages(async () => (await import('../features/payment/components/PaymentFormPage')).PaymentFormPage),
);

/** The {token} route: card payment tokens are long opaque strings; any other one-segment path goes to /, like every unknown path. */
function PaymentTokenRoute() {
  const { token } = useParams();
  return isPaymentToken(token) ? paymentForm.element : <Navigate to="/" replace />;
}

const playerRoutes = ['play/:game', 'play/:game/iframe/:adapter', 'player/:game', 'player/:game/iframe/:adapter'].map(
  (path): RouteObject => ({ path, ...player() }),
);

/** Pages under the small hero layout, the same on both site modes. */
const pages: RouteObject[] = [
  ...playerRoutes,
  {
    path: 'LoginWithTempToken',
    ...screen(async () => (await import('../features/auth/components/LoginWithTempTokenPage')).LoginWithTempTokenPage),
  },
  {
    path: 'LoginValidateEmail',
    ...screen(async () => (await import('../features/auth/components/LoginValidateEmailPage')).LoginValidateEmailPage),
  },
  {
    path: 'LoginMyGames',
    ...screen(async () => (await import('../features/auth/components/MyGamesCallbackPage')).MyGamesCallbackPage),
  },
  {
    path: 'TwitchConnect',
    ...screen(async () => (await import('../features/profile/components/TwitchConnectPage')).TwitchConnectPage),
  },
  {
    path: 'LoginVkId',
    ...screen(async () => (await import('../features/auth/components/VkIdCallbackPage')).VkIdCallbackPage),
  },
  {
    path: 'LoginFromGame/:game/:token',
    ...screen(async () => (await import('../features/auth/components/LoginFromGamePage')).LoginFromGamePage),
  },
  {
    path: 'Store/ContinueWithPI',
    ...screen(
      withStoreMessages(
        async () => (await import('../features/store/components/ContinueWithPiPage')).ContinueWithPiPage,
      ),
    ),
  },
  {
    path: 'Store/Return/:id',
    ...screen(
      withStoreMessages(async () => (await import('../features/store/components/PaymentReturnPage')).PaymentReturnPage),
    ),
  },
  {
    path: 'Store/MerchantPaymentCompleted/:token',
    ...screen(
      withStoreMessages(
        async () =>
          (await import('../features/store/components/MerchantPaymentCompletedPage')).MerchantPaymentCompletedPage,
      ),
    ),
  },
  {
    path: 'Store/:game',
    ...screen(withStoreMessages(async () => (await import('../features/store/components/StorePage')).StorePage)),
  },
  // /Docs/… is the viewer and /docs/… the document files; the case tells them apart.
  ...['Docs/:doc', 'Docs/:game/:adapter/:doc'].map(
    (path): RouteObject => ({
      path,
      caseSensitive: true,
      ...screen(async () => (await import('../features/docs/components/DocsPage')).DocsPage),
    }),
  ),
  {
    path: 'docs/:adapter/:lang/:file',
    caseSensitive: true,
    ...screen(async () => (await import('../features/docs/components/DocsFilePage')).DocsFilePage),
  },
  {
    path: 'docs/:game/:adapter/contacts',
    caseSensitive: true,
    ...screen(async () => (await import('../features/docs/components/ContactsPage')).ContactsPage),
  },
  {
    path: ':game/documents/:id/view',
    ...screen(async () => (await import('../features/docs/components/DocumentViewPage')).DocumentViewPage),
  },
  {
    path: 'developers',
    ...screen(async () => (await import('../features/docs/components/DevelopersPage')).DevelopersPage),
  },
  // Matches /error and /Error: paths match regardless of case unless told otherwise.
  {
    path: 'error',
    ...screen(async () => (await import('../features/errors/components/ErrorPage')).ErrorPage),
  },
  {
    path: 'Profile',
    ...screen(async () => {
      const { ProfilePage } = await import('../features/profile/components/ProfilePage');
      return () => (
        <RequireSignIn>
          <ProfilePage />
        </RequireSignIn>
      );
    }),
  },
  {
    path: 'discord-qr',
    ...screen(async () => (await import('../features/discord/components/DiscordQrPage')).DiscordQrPage),
  },
  { path: ':token', element: <PaymentTokenRoute />, handle: paymentForm.handle },
];

/**
 * The route table of spec §2. A single-game site opens on its game; the portal on
 * its landing. Unknown paths go to /.
 */
export function appRoutes(config: Pick<PageConfig, 'FixedGame'>): RouteObject[] {
  const home: RouteObject = config.FixedGame
    ? {
        ...smallHeroLayout(),
        children: [
          { index: true, ...player() },
          { path: 'iframe/:adapter', ...player() },
        ],
      }
    : {
        ...heroLayout(),
        children: [
          { index: true, ...landing() },
          { path: 'iframe/:adapter', ...landing() },
        ],
      };
  return [
    {
      element: <RootShell />,
      children: [home, { ...smallHeroLayout(), children: pages }, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ];
}
