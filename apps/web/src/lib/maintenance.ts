import { createStore, useStore } from './create-store';

/** On after any 503 answer, off after the next successful one (SPEC.md §4 "Maintenance"). */
export const maintenanceStore = createStore(false);

export function useServiceUnavailable(): boolean {
  return useStore(maintenanceStore);
}
