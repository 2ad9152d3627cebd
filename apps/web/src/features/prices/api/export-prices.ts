import type { PriceCategory, PriceSortField } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ExportPricesParams {
  date?: string;
  category?: PriceCategory;
  sort?: PriceSortField;
  order?: 'asc' | 'desc';
  codes?: string[];
  from?: string;
  to?: string;
}

/** GET /api/prices/export: the CSV text (the server neutralises spreadsheet formulas). */
export function exportPrices(params: ExportPricesParams): Promise<string> {
  return api.get<string>('/prices/export', {
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

function saveFile(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Downloads the CSV of the current view. */
export function useExportPrices() {
  return useMutation({
    mutationKey: ['prices', 'export'],
    mutationFn: async ({ params, filename }: { params: ExportPricesParams; filename: string }) => {
      saveFile(await exportPrices(params), filename);
    },
  });
}
