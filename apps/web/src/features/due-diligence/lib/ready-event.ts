import { dueReportReadyEventSchema, type DueReportReadyEvent } from '@fueldesk/contracts';

/** The `report_ready` event's data as the contract defines it, or null when it is not that. */
export function parseReadyEvent(data: unknown): DueReportReadyEvent | null {
  const event = dueReportReadyEventSchema.safeParse(data);
  return event.success ? event.data : null;
}
