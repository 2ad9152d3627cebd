import {
  auditMessages,
  auditMessagesEs,
  decisionMessages,
  decisionMessagesEs,
  inboxMessages,
  inboxMessagesEs,
  screeningMessages,
  screeningMessagesEs,
  watchingMessages,
  watchingMessagesEs,
  watchlistMessages,
  watchlistMessagesEs,
  type ErrorCode,
} from '@fueldesk/contracts';

type Lang = 'en' | 'es';

/** Server-side text of the generic errors, in the caller's language (Accept-Language). */
const messages: Partial<Record<ErrorCode, Record<Lang, string>>> = {
  VALIDATION_ERROR: { en: 'Some fields are not valid.', es: 'Algunos campos no son válidos.' },
  ROUTE_NOT_FOUND: { en: 'This API path does not exist.', es: 'Esta ruta de la API no existe.' },
  NOT_FOUND: { en: 'Not found.', es: 'No encontrado.' },
  INTERNAL_ERROR: {
    en: 'Server error. Please try again later or contact support.',
    es: 'Error del servidor. Inténtelo más tarde o contacte con soporte.',
  },
  BAD_REQUEST: { en: 'The request is not valid.', es: 'La solicitud no es válida.' },
  PAYLOAD_TOO_LARGE: { en: 'The request body is too large.', es: 'El cuerpo de la solicitud es demasiado grande.' },
  REQUEST_TIMEOUT: { en: 'The request took too long.', es: 'La solicitud tardó demasiado.' },
  UNSUPPORTED_MEDIA_TYPE: { en: 'This content type is not supported.', es: 'Este tipo de contenido no es compatible.' },
  RATE_LIMITED: { en: 'Please wait 1 minute and try again.', es: 'Espere 1 minuto e inténtelo de nuevo.' },
  UNAUTHENTICATED: { en: 'Please sign in.', es: 'Inicie sesión.' },
  SERVICE_UNAVAILABLE: { en: 'Service temporarily unavailable', es: 'Servicio temporalmente no disponible' },
  FORBIDDEN: { en: 'You do not have access to this resource.', es: 'No tiene acceso a este recurso.' },
};

export function pickLanguage(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'en';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('es') ? 'es' : 'en';
}

export function genericMessage(code: ErrorCode, lang: Lang): string | undefined {
  return messages[code]?.[lang];
}

/** Raw validator text for a body that is not a JSON object, replaced by a sentence a person can act on. */
export const NOT_AN_OBJECT = 'The request body must be a JSON object.';
export const INVALID_CHARACTER = 'The request contains a character that is not allowed.';
export const INVALID_CHARACTER_FIELD = 'This field contains invalid characters.';
export const MAX_INPUT_DEPTH = 64;
export const NESTED_TOO_DEEPLY = `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;
export const UNREADABLE_ADDRESS = 'The address of the request is not valid (a broken percent-encoding).';
export const ADDRESS_TOO_LONG = 'A part of the request address is too long.';

/** Spanish for the English detail and field texts the server sends; texts not listed stay as they are. */
const spanishTexts = new Map<string, string>([
  ...Object.entries(screeningMessages).map(([key, en]) => [en, screeningMessagesEs[key as keyof typeof screeningMessages]] as const),
  ...Object.entries(inboxMessages).map(([key, en]) => [en, inboxMessagesEs[key as keyof typeof inboxMessages]] as const),
  ...Object.entries(watchingMessages).map(([key, en]) => [en, watchingMessagesEs[key as keyof typeof watchingMessages]] as const),
  ...Object.entries(watchlistMessages).map(([key, en]) => [en, watchlistMessagesEs[key as keyof typeof watchlistMessages]] as const),
  ...Object.entries(auditMessages).map(([key, en]) => [en, auditMessagesEs[key as keyof typeof auditMessages]] as const),
  ...Object.entries(decisionMessages).map(([key, en]) => [en, decisionMessagesEs[key as keyof typeof decisionMessages]] as const),
  [NOT_AN_OBJECT, 'El cuerpo de la solicitud debe ser un objeto JSON.'],
  [INVALID_CHARACTER, 'La solicitud contiene un carácter no permitido.'],
  [INVALID_CHARACTER_FIELD, 'Este campo contiene caracteres no válidos.'],
  [NESTED_TOO_DEEPLY, `La solicitud tiene demasiados niveles de anidación (como máximo ${MAX_INPUT_DEPTH}).`],
  [UNREADABLE_ADDRESS, 'La dirección de la solicitud no es válida (una codificación porcentual incorrecta).'],
  [ADDRESS_TOO_LONG, 'Una parte de la dirección de la solicitud es demasiado larga.'],
]);

/** A detail or field message in the caller's language, when we have it in that language. */
export function localizeText(text: string, lang: Lang): string {
  return lang === 'es' ? (spanishTexts.get(text) ?? text) : text;
}
