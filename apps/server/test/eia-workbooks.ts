import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppContext } from '../src/context';
import { queryRows } from '../src/db/client';
import { pricePoints, products } from '../src/db/schema';
import { sharedDataDir } from './market-data';

/** The data-truth tests' reading of EIA's workbooks (SheetJS, cell by cell) and of what was stored. */

export function bytesOf(relative: string): Buffer {
  return readFileSync(path.join(sharedDataDir, relative));
}

/** series id → (date → cell value) of every Data sheet, straight from the cells. */
export function workbookCells(relative: string): Map<string, Map<string, number>> {
  const workbook = XLSX.read(bytesOf(relative), { type: 'buffer', dense: true });
  const result = new Map<string, Map<string, number>>();
  for (const name of workbook.SheetNames.filter((sheet) => sheet.startsWith('Data'))) {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[name]!, { header: 1, raw: true, defval: null });
    const ids = rows[1]!;
    for (let column = 1; column < ids.length; column += 1) {
      if (!ids[column]) continue;
      const values = new Map<string, number>();
      for (const row of rows.slice(3)) {
        if (typeof row[0] !== 'number' || typeof row[column] !== 'number') continue;
        // Serial day 25569 is 1970-01-01 in Excel's 1900 system.
        values.set(new Date((row[0] - 25569) * 86_400_000).toISOString().slice(0, 10), row[column] as number);
      }
      result.set(String(ids[column]), values);
    }
  }
  return result;
}

/** date → stored value of one product's spot series ('') or contract (C1…C4). */
export async function storedPrices(ctx: Pick<AppContext, 'db'>, code: string, forwardPeriod = ''): Promise<Map<string, string>> {
  const rows = await queryRows<{ d: string; value: string }>(
    ctx.db,
    sql`select pp.publication_date::text as d, pp.value::text as value from ${pricePoints} pp join ${products} p on p.id = pp.product_id
        where p.code = ${code} and pp.forward_period = ${forwardPeriod}`,
  );
  return new Map(rows.map((row) => [row.d, row.value]));
}

export function expectSameValues(actual: Map<string, string>, expected: Map<string, number>, label: string) {
  expect(actual.size, label).toBe(expected.size);
  const wrong = [...expected].filter(([date, value]) => actual.get(date) === undefined || Number(actual.get(date)) !== value);
  expect(wrong.slice(0, 5), label).toEqual([]);
}
