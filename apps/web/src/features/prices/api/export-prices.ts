import type { PriceCategory, PriceSortField } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api-client';

export interface ExportPricesParams {
  date?: string;
  category?: PriceCategory;
  sort?: PriceSortField;
  order?: 'asc' | 'desc';
  codes?: string[];
  from?: string;
  to?: string;
}

/** GET /api/prices/export: the CSV of the current view (the server neutralises spreadsheet formulas), saved as a file. */
export function downloadPricesCsv(params: ExportPricesParams, filename: string): Promise<void> {
  return downloadFile('/prices/export', filename, {
    headers: { Accept: 'text/csv' },
    query: {
      format: 'csv',
      date: params.date,
      category: params.category,
      sort: params.sort,
      order: params.order,
      codes: params.codes?.join(','),
      from: params.from,
      to: params.to,
    },
  });
}

/** Downloads the CSV of the current view. */
export function useExportPrices() {
  return useMutation({
    mutationKey: ['prices', 'export'],
    mutationFn: ({ params, filename }: { params: ExportPricesParams; filename: string }) => downloadPricesCsv(params, filename),
  });
}
