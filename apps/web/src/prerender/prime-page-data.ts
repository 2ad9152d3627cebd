import type { Language } from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { legalContentQueryOptions } from '@/features/legal/load-legal-content';

/**
 * Loads the data a prerendered page shows in its first render into the query cache: at build
 * time before rendering it, and in the browser before hydrating it, so that both renders show the
 * text and not a loading state. Only the legal texts qualify; they ship with the app.
 */
export async function primePageData(queryClient: QueryClient, pathname: string, language: Language): Promise<void> {
  if (pathname === '/Policy' || pathname.startsWith('/Policy/')) {
    await queryClient.ensureQueryData(legalContentQueryOptions(language));
  }
}
