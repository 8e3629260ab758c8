import { useEffect } from 'react';

export const SITE_NAME = '研测';

/** Sets document.title to "X - 研测" while the page is shown; undefined keeps the site name. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} - ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
