import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { sharedDataDir } from '../../../test/market-data';
import { useTestContext } from '../../../test/test-context';
import { queryRows } from '../../db/client';
import { pricePoints } from '../../db/schema';

const LIMIT = 5 * 1_048_576;
const t = useTestContext({ env: { UPLOAD_LIMIT_BYTES: String(LIMIT) } });
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let user: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  admin = await createSignedInUser(t.ctx, { role: 'admin' });
  user = await createSignedInUser(t.ctx);
});

function multipart(files: Array<{ name: string; bytes: Buffer | string; type?: string }>) {
  const boundary = '----fueldesk-test-boundary';
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
      Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(files: Parameters<typeof multipart>[0], headers: Record<string, string> = admin.headers) {
  const { payload, contentType } = multipart(files);
  return t.app.inject({ method: 'POST', url: '/api/admin/prices/import', headers: { ...headers, 'content-type': contentType }, payload });
}

async function countPoints(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${pricePoints}`);
  return row!.n;
}

/** A zip of `entries` copies of one deflated file; `declared` is the unpacked size each entry claims. */
function zipOf(entries: number, unpacked: Buffer, declared: number): Buffer {
  const data = deflateRawSync(unpacked);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let index = 0; index < entries; index += 1) {
    const name = Buffer.from(`xl/worksheets/sheet${index + 1}.xml`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('POST /api/admin/prices/import as multipart/form-data', () => {
  it("imports several files (an EIA workbook and a CSV), each answered with the importer's report", async () => {
    const response = await upload([
      { name: 'RNGC1d.xls', bytes: readFileSync(path.join(sharedDataDir, 'eia-futures/RNGC1d.xls')) },
      { name: 'prices.csv', bytes: 'product_code,date,value\nHENRY_HUB,2024-01-02,2.58\nHENRY_HUB,2024-01-03,oops\n', type: 'text/csv' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { files } = response.json();
    expect(files).toEqual([
      // 77 of natural gas's 7,546 front-month settlements move more than 6 × their 60-day median (1 %).
      { name: 'RNGC1d.xls', format: 'eia-workbook', inserted: 7546, updated: 0, unchanged: 0, rejected: 0, suspect: 77, errors: [], refused: false, refusal_reason: null },
      {
        name: 'prices.csv',
        format: 'generic-csv',
        inserted: 1,
        updated: 0,
        unchanged: 0,
        rejected: 1,
        suspect: 0,
        errors: [{ line: 3, detail: '"oops" is not a number' }],
        refused: false,
        refusal_reason: null,
      },
    ]);
    // Again: nothing changes.
    const again = (await upload([{ name: 'RNGC1d.xls', bytes: readFileSync(path.join(sharedDataDir, 'eia-futures/RNGC1d.xls')) }])).json();
    expect(again.files[0]).toMatchObject({ inserted: 0, unchanged: 7546, suspect: 0 });
  });

  it('is for administrators only', async () => {
    expect((await upload([{ name: 'a.csv', bytes: 'product_code,date,value\nWTI,2024-01-02,70\n' }], user.headers)).statusCode).toBe(403);
  });

  it("answers in the uploader's language: a Spanish caller reads Spanish refusals and line reasons, the import history keeps English", async () => {
    const response = await upload(
      [
        { name: 'prices.xlsx', bytes: 'product_code,date,value\nWTI,2024-01-02,70\n' },
        { name: 'brent-weekly.csv', bytes: 'Date,Price\n2024-01-05,80\n' },
        { name: 'prices.csv', bytes: 'product_code,date,value\nHENRY_HUB,2024-01-02,2.58\nHENRY_HUB,2024-01-03,oops\nHENRY_HUB,2024-01-04,1234567890123\n' },
      ],
      { ...admin.headers, 'accept-language': 'es' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [renamed, weekly, csv] = response.json().files;
    expect(renamed.refusal_reason).toBe('prices.xlsx tiene nombre de libro de Excel pero no es un archivo de Excel.');
    expect(renamed.errors).toEqual([{ line: 0, detail: renamed.refusal_reason }]);
    // The period is a key of its own, translated with its sentence.
    expect(weekly.refusal_reason).toBe('Línea 1: brent-weekly contiene promedios semanales; FuelDesk solo guarda publicaciones diarias.');
    expect(csv.errors).toEqual([
      { line: 3, detail: '"oops" no es un número' },
      { line: 4, detail: '"1234567890123" tiene demasiados dígitos' },
    ]);
    const history = (await t.app.inject({ method: 'GET', url: '/api/admin/price-imports', headers: admin.headers })).json();
    expect(history.items.map((item: { refusal_reason: string | null }) => item.refusal_reason)).toEqual(
      expect.arrayContaining(['prices.xlsx is named like a workbook but is not an Excel file.', 'Line 1: brent-weekly holds weekly averages; FuelDesk stores daily publications only.']),
    );
  });

  describe('hostile files are refused with a clear reason and nothing written', () => {
    const noKnownSeries = () => {
      const sheet = XLSX.utils.aoa_to_sheet([['Back to Contents', 'Data 1: Something'], ['Sourcekey', 'NOT_A_SERIES'], ['Date', 'A series'], [45000, 1.5], [45001, 1.6]]);
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(workbook, sheet, 'Data 1');
      return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    };
    const zeros = Buffer.alloc(30 * 1_048_576);
    const cases: Array<[string, () => { name: string; bytes: Buffer | string }, RegExp]> = [
      ['a file over the size limit', () => ({ name: 'big.csv', bytes: `product_code,date,value\n${'WTI,2024-01-02,70\n'.repeat(LIMIT / 16)}` }), /larger than the 5 MB/],
      ['a zip bomb renamed .xlsx (honest sizes)', () => ({ name: 'prices.xlsx', bytes: zipOf(4, zeros, zeros.length) }), /would unpack to .*zip bomb/],
      ['a zip bomb that hides its size', () => ({ name: 'prices.xlsx', bytes: zipOf(4, zeros, 1000) }), /more than the 100 MB allowed \(a zip bomb\?\)/],
      ['a text file renamed .xlsx', () => ({ name: 'prices.xlsx', bytes: 'product_code,date,value\nWTI,2024-01-02,70\n' }), /named like a workbook but is not an Excel file/],
      ['a workbook with no known series', () => ({ name: 'other.xlsx', bytes: noKnownSeries() }), /holds no series FuelDesk knows \(it has NOT_A_SERIES\)/],
      ['Windows-1252 text', () => ({ name: 'prices.csv', bytes: Buffer.from('product_code,date,value\nWTI,2024-01-02,70\n# caf\xe9\n', 'latin1') }), /not UTF-8 text/],
      ['UTF-16 text', () => ({ name: 'prices.csv', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('product_code,date,value\n', 'utf16le')]) }), /UTF-16/],
    ];
    it.each(cases)('%s', async (_label, make, reason) => {
      const before = await countPoints();
      const response = await upload([make()]);
      expect(response.statusCode).toBe(200);
      const [file] = response.json().files;
      expect(file).toMatchObject({ refused: true, inserted: 0, updated: 0 });
      expect(file.refusal_reason).toMatch(reason);
      expect(file.errors[0]).toEqual({ line: 0, detail: file.refusal_reason });
      expect(await countPoints()).toBe(before);
    });
  });
});
