// The sanctions screening engine: parsers, matcher and in-memory index. Pure, no database.
export * from './types';
export { parseCsv, ofacValue, OFAC_EMPTY, type CsvResult } from './csv';
export { parseOfac, weakAliasesFromRemarks, type OfacFileSet } from './ofac';
export { parseUnXml } from './un';
export { parseSanctionsFiles, classifySanctionsFile, validateParsedList, MAX_ENTRY_DROP } from './parse';
export { inspectName, normalizeName, tokenizeName, phoneticKey, isLegalFormCode, TOKEN_WEIGHTS, type NameToken, type TokenRole } from './normalize';
export { jaroWinkler, levenshtein } from './similarity';
export { compareNames, scoreTokens, DEFAULT_SCREENING_THRESHOLD, type TokenScore } from './compare';
export { buildScreeningIndex, describeNote, entityImoNumbers, imoQuery, LEGAL_FORM_IGNORED_FACTOR, WEAK_ALIAS_FACTOR } from './search-index';
