// The sanctions screening engine: parsers, matcher and in-memory index. Pure, no database.
export * from './types';
export { parseCsv, readCsv, ofacValue, OFAC_EMPTY, type CsvResult } from './csv';
export { parseOfac, weakAliasesFromRemarks, type OfacFileSet } from './ofac';
export { parseUnXml } from './un';
export { parseSanctionsFiles, readSanctionsFiles, classifySanctionsFile, validateParsedList, MAX_ENTRY_DROP, type PreparedSanctionsFile } from './parse';
export { parseEuXml, parseEuCsv } from './eu-fsf';
export { parseUkOfsiRows } from './uk-ofsi';
export { parseAuDfatRows } from './au-dfat';
export { parseCaSemaXml } from './ca-sema';
export { readXlsxRows, looksLikeXlsx, WorkbookError } from './xlsx';
export { decodeListText, imoNumbersIn, imoNumberField } from './text';
export { inspectName, normalizeName, tokenizeName, phoneticKey, isLegalFormCode, TOKEN_WEIGHTS, type NameToken, type TokenRole } from './normalize';
export { jaroWinkler, levenshtein } from './similarity';
export { compareNames, scoreTokens, DEFAULT_SCREENING_THRESHOLD, type TokenScore } from './compare';
export { buildScreeningIndex, describeNote, entityImoNumbers, imoQuery, LEGAL_FORM_IGNORED_FACTOR, WEAK_ALIAS_FACTOR } from './search-index';
