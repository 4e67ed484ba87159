import type { GameDefinition } from '../catalog/catalog-schema.js';
import { localize } from '../games/games-presenter.js';

const ORIENTATION = { Horizontal: 'landscape', Vertical: 'portrait', Unspecified: 'any' } as const;

/** A web app manifest that installs one game as an app that opens on its player page. */
export function webAppManifest(game: GameDefinition, locale: string | undefined, basePath: string) {
  const name = localize(game.Names, locale, game.DefaultLanguage);
  const start = `${basePath}play/${game.GameSystemName}`;
  const related = [
    ...(game.PlatformData.AndroidPackage ? [{ platform: 'play', id: game.PlatformData.AndroidPackage }] : []),
    ...(game.PlatformData.IosStoreUrl ? [{ platform: 'itunes', url: game.PlatformData.IosStoreUrl }] : []),
  ];
  return {
    id: start,
    name,
    short_name: name.length > 12 ? (name.split(' ')[0] ?? name) : name,
    description: localize(game.ShortDescriptions, locale, game.DefaultLanguage),
    lang: locale && locale in game.Names ? locale : game.DefaultLanguage,
    start_url: start,
    scope: `${start}`,
    display: 'fullscreen',
    orientation: ORIENTATION[game.GameOrientation],
    background_color: game.LoaderScreen.BackgroundColor,
    theme_color: game.LoaderScreen.BackgroundColor,
    icons: [{ src: game.IconUrl, sizes: 'any', type: game.IconUrl.endsWith('.svg') ? 'image/svg+xml' : 'image/png' }],
    related_applications: related,
    prefer_related_applications: false,
  };
}
