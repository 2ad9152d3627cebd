import { sanctionsListName } from '@fueldesk/contracts';

/** A list's human name in the language on screen ("OFAC SDN", "Tesoro del Reino Unido (OFSI)"), never its code. */
export function listDisplayName(source: string, language: string): string {
  return sanctionsListName(source, language.startsWith('es') ? 'es' : 'en');
}
