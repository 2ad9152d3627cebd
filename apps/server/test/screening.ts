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

/** Stores the invented list above as the OFAC SDN list and rebuilds ctx's index (others follow through events). */
export async function loadTinySanctionsList(ctx: AppContext): Promise<void> {
  const lists = parseSanctionsFiles(tinySanctionsFiles());
  const results = await storeParsedLists(ctx, lists, { origin: 'test' });
  const refused = results.find((result) => result.status === 'refused');
  if (refused) throw new Error(`the tiny sanctions list was refused: ${refused.reason}`);
}
