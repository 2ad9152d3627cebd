import path from 'node:path';
import type { AppContext } from '../src/context';
import { storeParsedLists } from '../src/modules/screening/screening-import.service';
import { parseSanctionsFiles } from '../src/modules/screening/engine';
import { sharedDataDir } from './market-data';

/** The shared real sanctions files (../shared/data, never copied into the repo). */
export const sanctionsDataDir = {
  sdn: path.join(sharedDataDir, 'ofac-sdn-2021'),
  sdnTiny: path.join(sharedDataDir, 'ofac-sdn-tiny'),
  consolidated: path.join(sharedDataDir, 'ofac-consolidated-nonsdn'),
  un: path.join(sharedDataDir, 'un-consolidated'),
};

const EMPTY = '-0- ';
const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

interface TinyEntry {
  id: number;
  name: string;
  /** OFAC's SDN type column: individual, vessel, aircraft, or -0- for an organization. */
  type: 'individual' | 'vessel' | 'aircraft' | null;
  program: string;
  aliases: string[];
  remarks?: string;
}

/**
 * An invented OFAC SDN list in the legacy CSV format (no row of it is copied from a real list):
 * - 90001 person        "PELTOMAA, Ivor Vasilyevich" (RUSSIA-EO14024), a.k.a. "PELTOMA, Ivor"
 * - 90002 organization  "KARVELIS FUEL TRADING LLC" (IRAN), a.k.a. "KARVELIS PETROLEUM"
 * - 90003 vessel        "NORDIC ZEPHYRA" (SDGT)
 * - 90004 organization  "GRUPO QUIMBAYA DE COMBUSTIBLES S.A." (SDNTK)
 * - 90005 person        "OKONKWO-BRAMBLE, Tessaly" (SDGT)
 * - 90006 aircraft      "SKYRIDGE 7X-PLT" (IRAN)
 * Entity ids on the wire are `ofac_sdn:<id>`.
 */
export const tinySanctionsEntries: TinyEntry[] = [
  { id: 90001, name: 'PELTOMAA, Ivor Vasilyevich', type: 'individual', program: 'RUSSIA-EO14024', aliases: ['PELTOMA, Ivor'], remarks: 'DOB 03 Mar 1971; nationality Finland.' },
  { id: 90002, name: 'KARVELIS FUEL TRADING LLC', type: null, program: 'IRAN', aliases: ['KARVELIS PETROLEUM'] },
  { id: 90003, name: 'NORDIC ZEPHYRA', type: 'vessel', program: 'SDGT', aliases: [] },
  { id: 90004, name: 'GRUPO QUIMBAYA DE COMBUSTIBLES S.A.', type: null, program: 'SDNTK', aliases: [] },
  { id: 90005, name: 'OKONKWO-BRAMBLE, Tessaly', type: 'individual', program: 'SDGT', aliases: [] },
  { id: 90006, name: 'SKYRIDGE 7X-PLT', type: 'aircraft', program: 'IRAN', aliases: [] },
];

/** The four legacy CSV files of the invented list. */
export function tinySanctionsFiles(entries: TinyEntry[] = tinySanctionsEntries): { name: string; content: string }[] {
  const sdn = entries.map((entry) =>
    [entry.id, quote(entry.name), entry.type ? quote(entry.type) : EMPTY, quote(entry.program), ...Array(7).fill(EMPTY), entry.remarks ? quote(entry.remarks) : EMPTY].join(','),
  );
  let altNum = 80000;
  const alt = entries.flatMap((entry) => entry.aliases.map((alias) => [entry.id, (altNum += 1), quote('aka'), quote(alias), EMPTY].join(',')));
  const add = entries.map((entry, position) => [entry.id, 70000 + position, EMPTY, EMPTY, EMPTY, EMPTY].join(','));
  const lines = (rows: string[]) => `${rows.join('\r\n')}\r\n`;
  return [
    { name: 'sdn.csv', content: lines(sdn) },
    { name: 'alt.csv', content: lines(alt) },
    { name: 'add.csv', content: lines(add) },
    { name: 'sdn_comments.csv', content: '' },
  ];
}

/**
 * Stores the invented list above as the OFAC SDN list, published now (a fresh list: a stale or undated
 * one would cap due-diligence ratings), and rebuilds ctx's index (others follow through events).
 */
export async function loadTinySanctionsList(ctx: AppContext): Promise<void> {
  const lists = parseSanctionsFiles(tinySanctionsFiles());
  const results = await storeParsedLists(ctx, lists, { origin: 'test', publishedAtFallback: ctx.now() });
  const refused = results.find((result) => result.status === 'refused');
  if (refused) throw new Error(`the tiny sanctions list was refused: ${refused.reason}`);
}

/** OFSI's 36 columns (ConList.csv / ConList.xlsx, 2022 format). */
const OFSI_COLUMNS = [
  'Name 6', 'Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Title', 'Name Non-Latin Script', 'Non-Latin Script Type',
  'Non-Latin Script Language', 'DOB', 'Town of Birth', 'Country of Birth', 'Nationality', 'Passport Number', 'Passport Details',
  'National Identification Number', 'National Identification Details', 'Position', 'Address 1', 'Address 2', 'Address 3',
  'Address 4', 'Address 5', 'Address 6', 'Post/Zip Code', 'Country', 'Other Information', 'Group Type', 'Alias Type',
  'Alias Quality', 'Regime', 'Listed On', 'UK Sanctions List Date Designated', 'Last Updated', 'Group ID',
];

/**
 * An invented UK OFSI list in ConList.csv's layout (no row copied from the real list), dated
 * `lastUpdated` (dd/mm/yyyy): group 990001 person "Brannoc Idris VELLACOTT" (a.k.a. "Bran VELLACOTT"),
 * group 990002 entity "HALVARD MARINE BUNKERING LTD", group 990003 ship "STORMPETREL" (IMO 9345678).
 */
export function tinyUkOfsiCsv(lastUpdated = '20/11/2026'): string {
  const row = (values: Record<string, string>) => OFSI_COLUMNS.map((column) => values[column] ?? '');
  const rows = [
    ['Last Updated', lastUpdated],
    OFSI_COLUMNS,
    row({ 'Name 6': 'VELLACOTT', 'Name 1': 'Brannoc', 'Name 2': 'Idris', DOB: '14/02/1969', Nationality: 'Cyprus', 'Group Type': 'Individual', 'Alias Type': 'Primary name', Regime: 'Russia', 'Group ID': '990001' }),
    row({ 'Name 6': 'VELLACOTT', 'Name 1': 'Bran', 'Group Type': 'Individual', 'Alias Type': 'AKA', 'Alias Quality': 'Good quality', Regime: 'Russia', 'Group ID': '990001' }),
    row({ 'Name 6': 'HALVARD MARINE BUNKERING LTD', 'Address 1': '1 Quay Street', Country: 'Cyprus', 'Group Type': 'Entity', 'Alias Type': 'Primary name', Regime: 'Russia', 'Group ID': '990002' }),
    row({
      'Name 6': 'STORMPETREL',
      'Other Information': '(UK Sanctions List Ref):RUS9999. Invented for tests. (IMO number):9345678 (Flag of ship):Palau (Type of ship):Crude oil tanker',
      'Group Type': 'Ship',
      'Alias Type': 'Primary name',
      Regime: 'Russia',
      'Group ID': '990003',
    }),
  ];
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * An invented Australian DFAT list as an .xlsx workbook (regulation8_consolidated.xlsx's columns, with
 * its messy type spellings): reference 9901 individual "Corwenna THISTLEWOOD-ADEYEMI" (9901a an alias),
 * reference 9902 entity "QUILLBRIDGE PETROCHEMICAL TRADING".
 */
export async function tinyAuDfatXlsx(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(['Reference', 'Name of Individual or Entity', 'Type', 'Name Type', 'Date of Birth', 'Place of Birth', 'Citizenship', 'Address', 'Additional Information', 'Listing Information', 'Committees', 'Control Date']);
  sheet.addRow([9901, 'Corwenna THISTLEWOOD-ADEYEMI', 'Individual ', 'Primary Name', '1975', 'Lagos, Nigeria', 'Nigeria', 'NA', 'Invented for tests.', 'Listed 2024', 'Autonomous (Russia)', new Date(Date.UTC(2026, 10, 18))]);
  sheet.addRow(['9901a', 'Corwenna ADEYEMI', 'individual', 'aka ', '1975', '', 'Nigeria', 'NA', '', '', 'Autonomous (Russia)', new Date(Date.UTC(2026, 10, 18))]);
  sheet.addRow([9902, 'QUILLBRIDGE PETROCHEMICAL TRADING', 'Entity ', 'primary Name', '', '', '', 'Dubai, UAE', '', '', 'Autonomous (Iran)', new Date(Date.UTC(2026, 10, 10))]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
