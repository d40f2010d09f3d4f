import { useEffect } from 'react';

export const APP_NAME = 'Hedgehog Reading Bingo';

/** Names the browser tab after the page, so history and screen readers tell pages apart. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = `${pageTitle} · ${APP_NAME}`;
  }, [pageTitle]);
}
