import { useSearchParams } from 'react-router';

/** `?embed=1`: the page is shown inside the portal's own modal, so it drops the header and footer. */
export function useEmbedMode(): boolean {
  const [search] = useSearchParams();
  return search.get('embed') === '1';
}
