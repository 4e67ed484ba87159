import { z } from 'zod';

/** A game's application on a platform: its id and its secrets (the first signs, all verify). */
export interface PlatformApp {
  appId: string;
  secrets: string[];
}

/**
 * A platform's `game=appId:secret,…` variable: a game may repeat (same app id) while its secret
 * rotates. `appIdPattern` is how the platform's app ids look; `expected` the message for a bad
 * pair; `apps` how the error names two different apps given for one game.
 */
export function appSecretList(appIdPattern: string, expected: string, apps: string) {
  const pairPattern = new RegExp(`^\\s*([a-z0-9][a-z0-9-]{0,62})=(${appIdPattern}):(\\S{16,})\\s*$`);
  return z
    .string()
    .transform((text) => text.split(',').filter((item) => item.trim() !== ''))
    .pipe(z.array(z.string().regex(pairPattern, expected)))
    .transform((pairs, ctx) => {
      const byGame: Record<string, PlatformApp> = {};
      for (const pair of pairs) {
        const [, game = '', appId = '', secret = ''] = pairPattern.exec(pair) ?? [];
        const known = byGame[game];
        if (known && known.appId !== appId) {
          ctx.addIssue({ code: 'custom', message: `${game} is given two ${apps} (${known.appId}, ${appId})` });
        }
        byGame[game] = { appId, secrets: [...(known?.secrets ?? []), secret] };
      }
      return byGame;
    });
}
