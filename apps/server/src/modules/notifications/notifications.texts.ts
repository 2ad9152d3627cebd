import { notificationMessages, sanctionsListName, withParams, type Language, type MessageKey, type NotificationKind } from '@fueldesk/contracts';
import { translate } from '../../lib/messages';

/** A notification's parameters, stored with it; its text is rendered from them in the reader's language. */
export type NotificationParams = Record<string, string | number | null>;

const priceKeys: Record<string, MessageKey> = {
  above: notificationMessages.priceAbove,
  below: notificationMessages.priceBelow,
  change_pct: notificationMessages.priceChange,
};

const kindKeys: Record<Exclude<NotificationKind, 'price_alert'>, MessageKey> = {
  watch_match: notificationMessages.watchMatch,
  watch_clear: notificationMessages.watchClear,
  report_ready: notificationMessages.reportReady,
  invitation: notificationMessages.invitation,
  list_stale: notificationMessages.listStale,
};

const subjectKeys: Record<NotificationKind, MessageKey> = {
  price_alert: notificationMessages.subjectPriceAlert,
  watch_match: notificationMessages.subjectWatchMatch,
  watch_clear: notificationMessages.subjectWatchClear,
  report_ready: notificationMessages.subjectReportReady,
  invitation: notificationMessages.subjectInvitation,
  list_stale: notificationMessages.subjectListStale,
};

/** A decimal in the reader's notation (Spanish writes a decimal comma). */
function localNumber(language: Language, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return language === 'es' ? text.replace('.', ',') : text;
}

export function renderNotificationText(language: Language, kind: NotificationKind, params: NotificationParams): string {
  if (kind !== 'price_alert') {
    const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value ?? '']));
    if (kind === 'list_stale') {
      if (params.source) values.list_name = sanctionsListName(String(params.source), language);
      if (!params.published_at) values.published_at = translate(language, notificationMessages.unknownDate);
    }
    return translate(language, withParams(kindKeys[kind], values));
  }
  const change =
    params.change_pct === null || params.change_pct === undefined
      ? ''
      : ` (${Number(params.change_pct) >= 0 ? '+' : ''}${localNumber(language, Number(params.change_pct).toFixed(2))} %)`;
  return translate(
    language,
    withParams(priceKeys[String(params.condition)] ?? notificationMessages.priceAbove, {
      product_name: String(params.product_name ?? params.product_code ?? ''),
      level: localNumber(language, params.level),
      value: localNumber(language, params.value),
      units: String(params.units ?? ''),
      publication_date: String(params.publication_date ?? ''),
      change,
    }),
  );
}

/** The subject line of a notification mail. */
export function notificationMailSubject(language: Language, kind: NotificationKind): string {
  return translate(language, subjectKeys[kind]);
}
