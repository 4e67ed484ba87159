import { useParams, useSearchParams } from 'react-router';
import { usePageConfig } from './page-config-context';
import { requestedAdapter, resolveAdapter, resolveGame } from './site';

export interface Site {
  /** A single-game site: the configuration fixes the game. */
  singleGame: boolean;
  game: string | undefined;
  adapter: string;
  /** The adapter the route names even when it is unknown: the player refuses such a one. */
  requestedAdapter: string;
}

/** The site mode plus the game and adapter resolved for the current route. */
export function useSite(): Site {
  const config = usePageConfig();
  const params = useParams();
  const [search] = useSearchParams();
  return {
    singleGame: !!config.FixedGame,
    game: resolveGame(config, params.game, search),
    adapter: resolveAdapter(config, params.adapter, search),
    requestedAdapter: requestedAdapter(config, params.adapter, search),
  };
}
