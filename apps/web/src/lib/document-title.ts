import { PRODUCT_NAME } from '@fueldesk/contracts';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

/** What a route may declare in `handle`: the i18n key (namespace common) of its section title. */
export interface RouteHandle {
  titleKey?: string | ((pathname: string) => string);
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return value !== null && typeof value === 'object' && 'titleKey' in value;
}

export function formatDocumentTitle(section?: string | null): string {
  return section ? `${PRODUCT_NAME} - ${section}` : PRODUCT_NAME;
}

/** Sets `FuelDesk - <section>` as the document title. */
export function useDocumentTitle(section?: string | null): void {
  useEffect(() => {
    document.title = formatDocumentTitle(section);
  }, [section]);
}

/** The translated title of the deepest matched route that declares one. */
export function useRouteTitle(): string | null {
  const { t } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index].handle;
    if (isRouteHandle(handle) && handle.titleKey) {
      const key = typeof handle.titleKey === 'function' ? handle.titleKey(pathname) : handle.titleKey;
      return t(key);
    }
  }
  return null;
}
