import { PRICES_UPDATED_EVENT } from '@fueldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '@/lib/server-events';
import { invalidatePriceQueries } from './price-keys';

/** Refetches the prices on screen when the server announces that an import changed them. */
export function usePricesLiveRefresh(): void {
  const queryClient = useQueryClient();
  useServerEvent(PRICES_UPDATED_EVENT, () => void invalidatePriceQueries(queryClient));
}
