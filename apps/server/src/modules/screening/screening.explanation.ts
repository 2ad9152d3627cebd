import type { MatchExplanation, MatchNote, SanctionsAlias, TokenMatch } from './engine';

export type ExplanationLanguage = 'en' | 'es';

/** What the service keeps of a hit to explain it again in another language. */
export interface HitReasons {
  score: number;
  explanation: MatchExplanation;
  /** The alias that matched, or null when the entry's primary name did. */
  alias: Pick<SanctionsAlias, 'kind' | 'weak'> | null;
  matchedName: string;
  entryName: string;
}

const pct = (value: number) => `${Math.round(value * 100)} %`;
const quoted = (text: string) => `«${text}»`;

function describeEs(match: TokenMatch): string {
  switch (match.kind) {
    case 'exact':
      return `${quoted(match.query)} es idéntica`;
    case 'legal_form':
      if (match.query === match.candidate) return `la forma jurídica ${quoted(match.query)} es la misma`;
      return `${quoted(match.query)} y ${quoted(match.candidate)} son ${match.similarity >= 1 ? 'la misma forma jurídica' : 'formas jurídicas afines'}`;
    case 'initial':
      return `${quoted(match.query)} y ${quoted(match.candidate)} coinciden como inicial`;
    case 'phonetic':
      return `${quoted(match.query)} suena como ${quoted(match.candidate)}`;
    default:
      return `${quoted(match.query)} se escribe como ${quoted(match.candidate)} (similitud del ${pct(match.similarity)})`;
  }
}

/** A note of the engine's explanation in Spanish (the engine's describeNote says it in English). */
export function describeNoteEs(note: MatchNote): string {
  switch (note.kind) {
    case 'mixed_script':
      return `Atención: el nombre buscado mezcla alfabetos dentro de ${note.words.length === 1 ? 'una palabra' : 'palabras'} (${note.words.map(quoted).join(', ')}): las letras parecidas se leyeron como latinas, una forma habitual de disfrazar un nombre.`;
    case 'invisible_characters':
      return `Atención: el nombre buscado contenía ${note.count} ${note.count === 1 ? 'carácter invisible' : 'caracteres invisibles'} (de ancho cero o de dirección), eliminados antes de comparar.`;
    case 'imo':
      return `Coincide por el número IMO ${note.imo}.`;
    case 'legal_form_ignored':
      return `${note.forms.length === 1 ? 'La forma jurídica' : 'Las formas jurídicas'} ${note.forms.map(quoted).join(', ')} del nombre buscado se dejaron de lado para compararlo con el nombre de una persona.`;
  }
}

/** The engine's English sentence, or the same facts in Spanish ("usted" is not needed: no address to the reader). */
export function explainScore(score: number, explanation: MatchExplanation, lang: ExplanationLanguage): string {
  if (lang === 'en') return explanation.summary;
  const allNotes = explanation.notes ?? [];
  const imo = allNotes.find((note) => note.kind === 'imo');
  const notes = allNotes.filter((note) => note.kind !== 'imo').map(describeNoteEs);
  if (imo) return [`El buque lleva el número IMO ${imo.imo}. Puntuación ${pct(score)}: un número IMO identifica un solo barco.`, ...notes].join(' ');
  if (explanation.tokens.length === 0) return [`Ninguna palabra de los dos nombres coincide (puntuación ${pct(score)}).`, ...notes].join(' ');
  const parts = [`Puntuación ${pct(score)}: ${explanation.tokens.map(describeEs).join('; ')}.`];
  if (explanation.unmatched.length > 0) parts.push(`Palabras sin pareja: ${explanation.unmatched.map(quoted).join(', ')}.`);
  return [...parts, ...notes].join(' ');
}

/** The explanation of a list hit: which name of the entry matched, then why. */
export function explainHit(reasons: HitReasons, lang: ExplanationLanguage): string {
  if (lang === 'en') return reasons.explanation.summary;
  let named = `el nombre de la lista ${quoted(reasons.matchedName)}`;
  if (reasons.alias) {
    const kind = { aka: 'el alias (a.k.a.)', fka: 'el nombre anterior (f.k.a.)', nka: 'el nombre nuevo (n.k.a.)' }[reasons.alias.kind];
    named = `${kind}${reasons.alias.weak ? ' débil' : ''} ${quoted(reasons.matchedName)} de ${quoted(reasons.entryName)}`;
  }
  return `Coincide con ${named}. ${explainScore(reasons.score, reasons.explanation, lang)}`;
}
