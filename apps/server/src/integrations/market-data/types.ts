import type { Message } from '@fueldesk/contracts';

/** What the market-data adapters know about a configured product: enough to map a series to it. */
export interface SeriesProduct {
  code: string;
  eiaSeriesId: string | null;
  fredSeriesId: string | null;
  decimalPlaces: number;
  /** A futures product's EIA series ids, contract 1 first (stored as forward periods C1…C4). */
  futuresSeriesIds?: readonly string[];
}

/** One price read from a source, ready to store. `value` is a canonical decimal string. */
export interface PriceObservation {
  /** 1-based line of the file (0 for API rows). */
  line: number;
  productCode: string;
  date: string;
  /** '' for a spot price. */
  forwardPeriod: string;
  value: string;
}

export interface RejectedLine {
  line: number;
  /** A message key with parameters (priceImportMessages): translated for an uploader, English for the CLI. */
  reason: Message;
}

export type PriceFileFormat = 'eia-date-price' | 'fred-date-value' | 'fred-observation' | 'generic-csv' | 'eia-workbook' | 'eia-csv-download';

export type ParsedPriceFile =
  | {
      ok: true;
      format: PriceFileFormat;
      observations: PriceObservation[];
      rejected: RejectedLine[];
      skippedBlank: number;
    }
  | {
      ok: false;
      format: PriceFileFormat | null;
      /** Why the whole file is refused; names the line when one is to blame. */
      reason: Message;
      line: number | null;
      rejected: RejectedLine[];
    };
