import type { Language, NotificationKind } from '@fueldesk/contracts';

/** What a notification says, rendered from its parameters in the reader's language. */
export type NotificationParams = Record<string, string | number | null>;

type Renderer = (params: NotificationParams) => string;

const conditionWords: Record<Language, Record<string, string>> = {
  en: { above: 'rose to or above', below: 'fell to or below' },
  es: { above: 'subió hasta o por encima de', below: 'bajó hasta o por debajo de' },
};

function changeText(language: Language, params: NotificationParams): string {
  if (params.change_pct === null || params.change_pct === undefined) return '';
  const value = Number(params.change_pct).toFixed(2);
  const signed = value.startsWith('-') ? value : `+${value}`;
  return language === 'es' ? ` (${signed.replace('.', ',')} %)` : ` (${signed} %)`;
}

const texts: Record<Language, Record<NotificationKind, Renderer>> = {
  en: {
    price_alert: (p) =>
      p.condition === 'change_pct'
        ? `${p.product_name} moved more than ${p.level} % in a day: ${p.value} ${p.units} on ${p.publication_date}${changeText('en', p)}.`
        : `${p.product_name} ${conditionWords.en[String(p.condition)]} ${p.level}: ${p.value} ${p.units} on ${p.publication_date}${changeText('en', p)}.`,
    watch_match: (p) => `${p.name} now matches ${p.matched_name} on ${p.list_name}.`,
    watch_clear: (p) => `${p.name} no longer matches ${p.matched_name} on ${p.list_name}.`,
    report_ready: (p) => `Your due-diligence report "${p.title}" is ready.`,
    invitation: (p) => `${p.email} answered your data-sharing invitation: ${p.status}.`,
    list_stale: (p) => `The sanctions list ${p.list_name} is out of date (published ${p.published_at ?? 'on an unknown date'}).`,
  },
  es: {
    price_alert: (p) =>
      p.condition === 'change_pct'
        ? `${p.product_name} se movió más de un ${String(p.level).replace('.', ',')} % en un día: ${String(p.value).replace('.', ',')} ${p.units} el ${p.publication_date}${changeText('es', p)}.`
        : `${p.product_name} ${conditionWords.es[String(p.condition)]} ${String(p.level).replace('.', ',')}: ${String(p.value).replace('.', ',')} ${p.units} el ${p.publication_date}${changeText('es', p)}.`,
    watch_match: (p) => `${p.name} coincide ahora con ${p.matched_name} en ${p.list_name}.`,
    watch_clear: (p) => `${p.name} ya no coincide con ${p.matched_name} en ${p.list_name}.`,
    report_ready: (p) => `Su informe de diligencia debida «${p.title}» está listo.`,
    invitation: (p) => `${p.email} respondió a su invitación para compartir datos: ${p.status}.`,
    list_stale: (p) => `La lista de sanciones ${p.list_name} está desactualizada (publicada ${p.published_at ?? 'en una fecha desconocida'}).`,
  },
};

export function renderNotificationText(language: Language, kind: NotificationKind, params: NotificationParams): string {
  return texts[language][kind](params);
}

/** The subject line of a notification mail. */
export function notificationMailSubject(language: Language, kind: NotificationKind): string {
  const subjects: Record<Language, Record<NotificationKind, string>> = {
    en: {
      price_alert: 'FuelDesk price alert',
      watch_match: 'FuelDesk watchlist: new match',
      watch_clear: 'FuelDesk watchlist: match cleared',
      report_ready: 'FuelDesk: report ready',
      invitation: 'FuelDesk: invitation answered',
      list_stale: 'FuelDesk: sanctions list out of date',
    },
    es: {
      price_alert: 'Alerta de precio de FuelDesk',
      watch_match: 'Lista de vigilancia de FuelDesk: nueva coincidencia',
      watch_clear: 'Lista de vigilancia de FuelDesk: coincidencia retirada',
      report_ready: 'FuelDesk: informe listo',
      invitation: 'FuelDesk: invitación respondida',
      list_stale: 'FuelDesk: lista de sanciones desactualizada',
    },
  };
  return subjects[language][kind];
}
