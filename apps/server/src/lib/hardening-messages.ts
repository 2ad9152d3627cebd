/**
 * The server texts issue 35 added (expired invitations, mail limits, bank link sessions) with their
 * Spanish; kept apart from messages.ts to keep merges clean.
 */
export const hardeningMessages = {
  invitationExpired: 'This invitation has expired.',
  resendTooSoon: 'This invitation was just sent. Please wait a minute before sending it again.',
  resendDailyLimit: 'This invitation was sent too many times today. Please try again tomorrow.',
  invitationMailsDailyLimit: 'You have sent too many invitation emails today. Please try again tomorrow.',
  bankLinkInvalid: 'This bank connection could not be confirmed, or it took too long. Please connect again.',
  screeningBatchLimit: 'Too many batch screenings. Please wait and try again.',
} as const;

const spanish: Record<keyof typeof hardeningMessages, string> = {
  invitationExpired: 'Esta invitación ha caducado.',
  resendTooSoon: 'Esta invitación se acaba de enviar. Espere un minuto antes de volver a enviarla.',
  resendDailyLimit: 'Esta invitación se ha enviado demasiadas veces hoy. Inténtelo de nuevo mañana.',
  invitationMailsDailyLimit: 'Ha enviado demasiados correos de invitación hoy. Inténtelo de nuevo mañana.',
  bankLinkInvalid: 'No se pudo confirmar esta conexión bancaria, o tardó demasiado. Vuelva a conectar.',
  screeningBatchLimit: 'Demasiados cribados por lotes. Espere e inténtelo de nuevo.',
};

/** English → Spanish, for localizeText. */
export const hardeningTextsEs: ReadonlyArray<readonly [string, string]> = Object.entries(hardeningMessages).map(
  ([key, en]) => [en, spanish[key as keyof typeof hardeningMessages]] as const,
);
