import { useEffect } from 'react';

/** Sets the tab title while the page is shown. */
export function useDocumentTitle(title: string | undefined, brand: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
