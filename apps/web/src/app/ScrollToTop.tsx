import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at its top, or at the element its #hash names; back and forward keep
 * the position the browser restores (history.scrollRestoration stays 'auto'), and a change
 * of the query string alone (filters, tabs) keeps the page where it is.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  const place = `${pathname}${hash}`;
  useLayoutEffect(() => {
    if (navigation === 'POP') return;
    const id = place.split('#')[1];
    const target = id ? document.getElementById(decodeURIComponent(id)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [place, navigation]);
  return null;
}
