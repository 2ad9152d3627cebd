export type DueLang = 'en' | 'es';

/** Text the report engine writes into findings and content, in the owner's language. */
const texts = {
  routingMissing: { en: 'No routing number was given.', es: 'No se indicó número de ruta.' },
  routingShape: { en: 'A routing number has exactly 9 digits.', es: 'Un número de ruta tiene exactamente 9 dígitos.' },
  routingChecksum: { en: 'The 3-7-1 checksum of the routing number fails: it is mistyped or invented.', es: 'La suma de control 3-7-1 del número de ruta falla: está mal escrito o es inventado.' },
  routingSymbol: { en: 'The prefix {prefix} is not a Federal Reserve routing symbol.', es: 'El prefijo {prefix} no es un símbolo de ruta de la Reserva Federal.' },
  routingValid: { en: 'Checksum and Federal Reserve routing symbol are valid (the bank itself is not confirmed).', es: 'La suma de control y el símbolo de ruta de la Reserva Federal son válidos (el banco en sí no está confirmado).' },
  einMissing: { en: 'No federal tax ID was given.', es: 'No se indicó identificación fiscal federal.' },
  einShape: { en: 'An EIN has exactly 9 digits.', es: 'Un EIN tiene exactamente 9 dígitos.' },
  einPrefix: { en: 'The IRS does not assign EINs starting with {prefix}.', es: 'El IRS no asigna EIN que empiecen por {prefix}.' },
  einValid: { en: 'The format and the prefix {prefix} are valid (the IRS record is not confirmed).', es: 'El formato y el prefijo {prefix} son válidos (el registro del IRS no está confirmado).' },
  ustNone: { en: 'No UST information was given.', es: 'No se indicó información de tanques (UST).' },
  ustCount: { en: '{count} tanks at one facility is outside 1 to {max}.', es: '{count} tanques en una instalación está fuera de 1 a {max}.' },
  ustPerTank: { en: 'About {perTank} gallons per tank is outside the usual {min} to {max}.', es: 'Unos {perTank} galones por tanque está fuera de lo habitual ({min} a {max}).' },
  ustPerTankOk: { en: 'About {perTank} gallons per tank is a usual size.', es: 'Unos {perTank} galones por tanque es un tamaño habitual.' },
  ustUsage: { en: 'Monthly usage exceeds {max} times the total capacity.', es: 'El consumo mensual supera {max} veces la capacidad total.' },
  ustUsageOk: { en: 'Monthly usage turns the capacity over {turns} times.', es: 'El consumo mensual renueva la capacidad {turns} veces.' },
  ustFacility: { en: 'The facility number does not look like a state UST facility ID.', es: 'El número de instalación no parece un identificador estatal de UST.' },
  ustFacilityMissing: { en: 'No facility number was given.', es: 'No se indicó número de instalación.' },
  notScreened: { en: 'Not screened: no sanctions list is loaded.', es: 'Sin cribado: no hay ninguna lista de sanciones cargada.' },
  staleList: {
    en: 'Screened against a stale list: {list}, published {date}, {days} days before this report (lists older than {max} days are stale). The rating is at least medium until the list is updated.',
    es: 'Cribado contra una lista desactualizada: {list}, publicada el {date}, {days} días antes de este informe (las listas de más de {max} días están desactualizadas). La calificación es al menos media hasta que se actualice la lista.',
  },
  undatedList: {
    en: 'Screened against an undated list: {list} (its publication date is unknown). The rating is at least medium until a dated list is loaded.',
    es: 'Cribado contra una lista sin fecha: {list} (se desconoce su fecha de publicación). La calificación es al menos media hasta que se cargue una lista con fecha.',
  },
  matchOwner: { en: '{field} "{name}" matches the sanctions list entry "{entry}" ({score}%).', es: '{field} «{name}» coincide con la entrada de la lista de sanciones «{entry}» ({score} %).' },
  matchCleared: {
    en: '{field} "{name}" resembles the sanctions list entry "{entry}" ({score}%), cleared as a false positive by {by} on {date}: {note}',
    es: '{field} «{name}» se parece a la entrada de la lista de sanciones «{entry}» ({score} %), descartada como falso positivo por {by} el {date}: {note}',
  },
  ratingRecomputed: { en: 'A decision on "{entry}" became final.', es: 'Una decisión sobre «{entry}» pasó a ser definitiva.' },
  routingInvalid: { en: 'The routing number is not valid.', es: 'El número de ruta no es válido.' },
  einInvalid: { en: 'The federal tax ID is not valid.', es: 'La identificación fiscal federal no es válida.' },
  disposableEmail: { en: 'The email uses a disposable mail domain.', es: 'El correo usa un dominio de correo desechable.' },
  freeMail: { en: 'The email uses a free mail domain, not a company domain.', es: 'El correo usa un dominio gratuito, no uno de empresa.' },
  emailInvalid: { en: 'The email address is not valid.', es: 'La dirección de correo no es válida.' },
  phoneInvalid: { en: 'The phone number is not valid for the country.', es: 'El número de teléfono no es válido para el país.' },
  ustImplausible: { en: 'The UST figures are not plausible.', es: 'Los datos de tanques (UST) no son plausibles.' },
  missingMany: { en: '{count} expected fields are missing.', es: 'Faltan {count} campos esperados.' },
  adverseMedia: { en: '{count} news article(s) in FuelDesk mention "{name}".', es: '{count} noticia(s) de FuelDesk mencionan «{name}».' },
  noConcerns: { en: 'No sanctions match and no failed check.', es: 'Ninguna coincidencia de sanciones ni comprobación fallida.' },
  narrativeNone: { en: 'No language model is configured: this report has no narrative.', es: 'No hay un modelo de lenguaje configurado: este informe no tiene narrativa.' },
  narrativeFailed: { en: 'The language model did not answer: this report has no narrative.', es: 'El modelo de lenguaje no respondió: este informe no tiene narrativa.' },
  narrativeModel: { en: 'Written by a language model from the findings above only.', es: 'Redactado por un modelo de lenguaje solo a partir de los hallazgos anteriores.' },
  jobFailed: { en: 'The report could not be produced. Please create it again or contact support.', es: 'No se pudo generar el informe. Créelo de nuevo o contacte con soporte.' },
} as const;
export type DueTextKey = keyof typeof texts;

export function dueText(lang: DueLang, key: DueTextKey, values: Record<string, string> = {}): string {
  return texts[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Labels of the form's fields as findings and the PDF name them. */
const fieldLabels: Record<string, Record<DueLang, string>> = {
  business_name: { en: 'Business name', es: 'Nombre comercial' },
  legal_business_name: { en: 'Legal business name', es: 'Razón social' },
  contact_name: { en: 'Contact', es: 'Contacto' },
  owner_name: { en: 'Owner', es: 'Propietario' },
  authorized_signer: { en: 'Authorized signer', es: 'Firmante autorizado' },
  printed_name: { en: 'Printed name', es: 'Nombre en letra de imprenta' },
  buyer_name: { en: 'Buyer', es: 'Comprador' },
  guarantor_signature: { en: 'Guarantor', es: 'Garante' },
  bank_name: { en: 'Bank', es: 'Banco' },
  bank_contact: { en: 'Bank contact', es: 'Contacto del banco' },
  email: { en: 'Email', es: 'Correo' },
  phone: { en: 'Phone', es: 'Teléfono' },
  country: { en: 'Country', es: 'País' },
  street: { en: 'Street', es: 'Calle' },
  city: { en: 'City', es: 'Ciudad' },
  state_zip: { en: 'State/ZIP', es: 'Estado/código postal' },
  business_type: { en: 'Business type', es: 'Tipo de empresa' },
  federal_tax_id: { en: 'Federal tax ID', es: 'Identificación fiscal federal' },
  routing_number: { en: 'Routing number', es: 'Número de ruta' },
  account_number: { en: 'Account number', es: 'Número de cuenta' },
};

export function dueFieldLabel(lang: DueLang, field: string): string {
  return fieldLabels[field]?.[lang] ?? field;
}

/** Headings and labels of the rendered report (HTML and PDF). */
const reportLabels = {
  rating: { en: 'Risk rating', es: 'Calificación de riesgo' },
  reasons: { en: 'Reasons', es: 'Motivos' },
  lists: { en: 'Sanctions lists used', es: 'Listas de sanciones usadas' },
  noLists: { en: 'No sanctions list is loaded: no name was screened.', es: 'No hay ninguna lista de sanciones cargada: no se cribó ningún nombre.' },
  published: { en: 'published', es: 'publicada' },
  version: { en: 'version', es: 'versión' },
  staleFlag: { en: 'STALE LIST', es: 'LISTA DESACTUALIZADA' },
  undatedFlag: { en: 'UNDATED LIST: publication date unknown', es: 'LISTA SIN FECHA: fecha de publicación desconocida' },
  entries: { en: 'entries', es: 'entradas' },
  screening: { en: 'Sanctions screening', es: 'Cribado de sanciones' },
  noMatch: { en: 'no match', es: 'sin coincidencias' },
  notScreened: { en: 'not screened', es: 'sin cribar' },
  programs: { en: 'programs', es: 'programas' },
  bank: { en: 'Bank routing number', es: 'Número de ruta bancario' },
  taxId: { en: 'Federal tax ID', es: 'Identificación fiscal federal' },
  contact: { en: 'Contact', es: 'Contacto' },
  emailValid: { en: 'Email valid', es: 'Correo válido' },
  freeMail: { en: 'Free mail domain', es: 'Dominio de correo gratuito' },
  disposable: { en: 'Disposable domain', es: 'Dominio desechable' },
  phoneValid: { en: 'Phone valid', es: 'Teléfono válido' },
  phoneCountry: { en: 'Phone country', es: 'País del teléfono' },
  ust: { en: 'Underground storage tanks', es: 'Tanques de almacenamiento subterráneo' },
  missing: { en: 'Missing information', es: 'Información faltante' },
  nothingMissing: { en: 'Nothing missing.', es: 'No falta nada.' },
  decisions: { en: 'Decisions on matches', es: 'Decisiones sobre coincidencias' },
  noDecisions: { en: 'No decision was recorded on a match.', es: 'No se registró ninguna decisión sobre una coincidencia.' },
  false_positive: { en: 'False positive', es: 'Falso positivo' },
  true_match: { en: 'True match', es: 'Coincidencia real' },
  needs_review: { en: 'Needs review', es: 'Requiere revisión' },
  pendingApproval: { en: 'waiting for approval', es: 'pendiente de aprobación' },
  cleared: { en: 'cleared', es: 'descartada' },
  approvedBy: { en: 'approved by', es: 'aprobada por' },
  reportVersion: { en: 'Version', es: 'Versión' },
  listVersions: { en: 'List versions', es: 'Versiones de las listas' },
  narrative: { en: 'Narrative', es: 'Narrativa' },
  adverseMedia: { en: 'Adverse media (FuelDesk news)', es: 'Noticias adversas (noticias de FuelDesk)' },
  noAdverseMedia: { en: 'No FuelDesk news article mentions a screened name.', es: 'Ninguna noticia de FuelDesk menciona un nombre cribado.' },
  yes: { en: 'yes', es: 'sí' },
  no: { en: 'no', es: 'no' },
  unknown: { en: 'not given', es: 'no indicado' },
  valid: { en: 'valid', es: 'válido' },
  invalid: { en: 'not valid', es: 'no válido' },
  generated: { en: 'Generated', es: 'Generado' },
  low: { en: 'Low', es: 'Bajo' },
  medium: { en: 'Medium', es: 'Medio' },
  high: { en: 'High', es: 'Alto' },
  critical: { en: 'Critical', es: 'Crítico' },
  incomplete: { en: 'Incomplete (not screened)', es: 'Incompleto (sin cribar)' },
} as const;
export type DueReportLabel = keyof typeof reportLabels;

export function dueLabel(lang: DueLang, key: DueReportLabel): string {
  return reportLabels[key][lang];
}
