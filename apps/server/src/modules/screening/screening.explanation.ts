import type { MatchExplanation, SanctionsAlias, TokenMatch } from './engine';

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

/** The engine's English sentence, or the same facts in Spanish ("usted" is not needed: no address to the reader). */
export function explainScore(score: number, explanation: MatchExplanation, lang: ExplanationLanguage): string {
  if (lang === 'en') return explanation.summary;
  if (explanation.tokens.length === 0) return `Ninguna palabra de los dos nombres coincide (puntuación ${pct(score)}).`;
  const parts = [`Puntuación ${pct(score)}: ${explanation.tokens.map(describeEs).join('; ')}.`];
  if (explanation.unmatched.length > 0) parts.push(`Palabras sin pareja: ${explanation.unmatched.map(quoted).join(', ')}.`);
  return parts.join(' ');
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
