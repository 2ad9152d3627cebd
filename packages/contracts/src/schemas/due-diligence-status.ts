// Report statuses and the ready event without zod (re-exported by due-diligence.ts): the report
// watcher of every dashboard page needs them before any form does.

export const dueReportStatuses = ['processing', 'ready', 'failed'] as const;
export type DueReportStatus = (typeof dueReportStatuses)[number];

/** The server-sent event published to the owner when a report leaves `processing`. */
export const DUE_REPORT_READY_EVENT = 'report_ready';
