import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_HOURS, ACTIVATION_TTL_DAYS, PRODUCT_NAME, escapeHtml, type Language } from '@fueldesk/contracts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface MailCopy {
  subject: string;
  greeting: (name: string | null) => string;
  lines: string[];
  action: string;
  ignore: string;
}

/** Plain text for every client, and a minimal inline-styled HTML part with one button. */
function renderMail(copy: MailCopy, name: string | null, link: string): RenderedMail {
  const greeting = copy.greeting(name);
  const text = [greeting, '', ...copy.lines, '', `${copy.action}: ${link}`, '', copy.ignore, '', `— ${PRODUCT_NAME}`].join('\n');
  const paragraphs = copy.lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</h1>
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(copy.action)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563">${escapeHtml(link)}</p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(copy.ignore)}</p>
</div></body></html>`;
  return { subject: copy.subject, text, html };
}

const hello = {
  en: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
  es: (name: string | null) => (name ? `Hola ${name}:` : 'Hola:'),
};

/** The mail with the email-verification link (48 h). */
export function renderVerificationMail(language: Language, input: { name: string | null; link: string }): RenderedMail {
  const copy: Record<Language, MailCopy> = {
    en: {
      subject: `Verify your email address for ${PRODUCT_NAME}`,
      greeting: hello.en,
      lines: [
        `Thank you for signing up for ${PRODUCT_NAME}. Please confirm your email address to activate your account.`,
        `The link is valid for ${EMAIL_VERIFICATION_TTL_HOURS} hours and can be used once.`,
      ],
      action: 'Verify email',
      ignore: 'If you did not create an account, you can ignore this message.',
    },
    es: {
      subject: `Verifique su correo electrónico en ${PRODUCT_NAME}`,
      greeting: hello.es,
      lines: [
        `Gracias por registrarse en ${PRODUCT_NAME}. Confirme su dirección de correo para activar su cuenta.`,
        `El enlace es válido durante ${EMAIL_VERIFICATION_TTL_HOURS} horas y solo puede usarse una vez.`,
      ],
      action: 'Verificar correo',
      ignore: 'Si no creó una cuenta, puede ignorar este mensaje.',
    },
  };
  return renderMail(copy[language], input.name, input.link);
}

/** The mail with the password-reset link (1 h). */
export function renderPasswordResetMail(language: Language, input: { name: string | null; link: string }): RenderedMail {
  const copy: Record<Language, MailCopy> = {
    en: {
      subject: `Reset your ${PRODUCT_NAME} password`,
      greeting: hello.en,
      lines: [
        'We received a request to reset the password of your account.',
        `The link is valid for ${PASSWORD_RESET_TTL_HOURS} hour and can be used once. Resetting signs out every other session.`,
      ],
      action: 'Reset password',
      ignore: 'If you did not ask for this, you can ignore this message; your password stays the same.',
    },
    es: {
      subject: `Restablezca su contraseña de ${PRODUCT_NAME}`,
      greeting: hello.es,
      lines: [
        'Hemos recibido una solicitud para restablecer la contraseña de su cuenta.',
        `El enlace es válido durante ${PASSWORD_RESET_TTL_HOURS} hora y solo puede usarse una vez. Al restablecerla se cierran las demás sesiones.`,
      ],
      action: 'Restablecer contraseña',
      ignore: 'Si no lo solicitó, puede ignorar este mensaje; su contraseña no cambiará.',
    },
  };
  return renderMail(copy[language], input.name, input.link);
}

/** The invitation mail with the account-activation link (7 days). */
export function renderActivationMail(
  language: Language,
  input: { name: string | null; link: string; invitedBy: string | null },
): RenderedMail {
  const copy: Record<Language, MailCopy> = {
    en: {
      subject: `You are invited to ${PRODUCT_NAME}`,
      greeting: hello.en,
      lines: [
        input.invitedBy
          ? `${input.invitedBy} invited you to share verified information through ${PRODUCT_NAME}.`
          : `You were invited to share verified information through ${PRODUCT_NAME}.`,
        `Activate your account and choose a password. The link is valid for ${ACTIVATION_TTL_DAYS} days and can be used once.`,
      ],
      action: 'Activate account',
      ignore: 'If you do not expect this invitation, you can ignore this message.',
    },
    es: {
      subject: `Le han invitado a ${PRODUCT_NAME}`,
      greeting: hello.es,
      lines: [
        input.invitedBy
          ? `${input.invitedBy} le ha invitado a compartir información verificada a través de ${PRODUCT_NAME}.`
          : `Le han invitado a compartir información verificada a través de ${PRODUCT_NAME}.`,
        `Active su cuenta y elija una contraseña. El enlace es válido durante ${ACTIVATION_TTL_DAYS} días y solo puede usarse una vez.`,
      ],
      action: 'Activar cuenta',
      ignore: 'Si no esperaba esta invitación, puede ignorar este mensaje.',
    },
  };
  return renderMail(copy[language], input.name, input.link);
}

/** Sent to a new address after a signed-in user asked to use it: the change happens only through this link. */
export function renderEmailChangeConfirmMail(language: Language, input: { name: string | null; link: string }): RenderedMail {
  const copy: Record<Language, MailCopy> = {
    en: {
      subject: `Confirm your new email address for ${PRODUCT_NAME}`,
      greeting: hello.en,
      lines: [
        `You asked to sign in to ${PRODUCT_NAME} with this email address. Your account keeps its current address until you confirm this one.`,
        `The link is valid for ${EMAIL_VERIFICATION_TTL_HOURS} hours and can be used once.`,
      ],
      action: 'Confirm new email',
      ignore: 'If you did not ask for this, you can ignore this message; nothing changes.',
    },
    es: {
      subject: `Confirme su nueva dirección de correo en ${PRODUCT_NAME}`,
      greeting: hello.es,
      lines: [
        `Ha solicitado iniciar sesión en ${PRODUCT_NAME} con esta dirección de correo. Su cuenta conserva la dirección actual hasta que confirme esta.`,
        `El enlace es válido durante ${EMAIL_VERIFICATION_TTL_HOURS} horas y solo puede usarse una vez.`,
      ],
      action: 'Confirmar nuevo correo',
      ignore: 'Si no lo solicitó, puede ignorar este mensaje; no cambiará nada.',
    },
  };
  return renderMail(copy[language], input.name, input.link);
}

/** Sent at once to the current address when someone asks to move the account to another one. */
export function renderEmailChangeNoticeMail(language: Language, input: { name: string | null; link: string; newEmail: string }): RenderedMail {
  const copy: Record<Language, MailCopy> = {
    en: {
      subject: `Your ${PRODUCT_NAME} email address is being changed`,
      greeting: hello.en,
      lines: [
        `Someone signed in to your account asked to change its email address to ${input.newEmail}.`,
        `If it was not you, cancel the change: your address stays (or comes back), every session is signed out, and you should reset your password. The link is valid for ${ACTIVATION_TTL_DAYS} days.`,
      ],
      action: 'Cancel the change',
      ignore: 'If you made this change yourself, you can ignore this message.',
    },
    es: {
      subject: `Se está cambiando su dirección de correo de ${PRODUCT_NAME}`,
      greeting: hello.es,
      lines: [
        `Alguien con sesión iniciada en su cuenta ha solicitado cambiar su dirección de correo a ${input.newEmail}.`,
        `Si no fue usted, cancele el cambio: su dirección se mantiene (o se recupera), se cierran todas las sesiones y le recomendamos restablecer su contraseña. El enlace es válido durante ${ACTIVATION_TTL_DAYS} días.`,
      ],
      action: 'Cancelar el cambio',
      ignore: 'Si hizo el cambio usted mismo, puede ignorar este mensaje.',
    },
  };
  return renderMail(copy[language], input.name, input.link);
}

/** To an address that already has an account: a new data-sharing request waits on its verification page. */
export function renderSharingRequestMail(
  language: Language,
  input: { name: string | null; link: string; invitedBy: string },
): RenderedMail {
  const copy: Record<Language, MailCopy> = {
    en: {
      subject: `${input.invitedBy} asks you to share verified information`,
      greeting: hello.en,
      lines: [
        `${input.invitedBy} asked you to share verified bank information through ${PRODUCT_NAME}.`,
        'Sign in to see exactly what would be shared, then consent or reject. Nothing is shared until you consent.',
      ],
      action: 'See the invitation',
      ignore: 'If you do not expect this request, you can reject it or ignore this message.',
    },
    es: {
      subject: `${input.invitedBy} le pide compartir información verificada`,
      greeting: hello.es,
      lines: [
        `${input.invitedBy} le ha pedido compartir información bancaria verificada a través de ${PRODUCT_NAME}.`,
        'Inicie sesión para ver exactamente qué se compartiría y después acepte o rechace. No se comparte nada hasta que usted acepte.',
      ],
      action: 'Ver la invitación',
      ignore: 'Si no esperaba esta solicitud, puede rechazarla o ignorar este mensaje.',
    },
  };
  return renderMail(copy[language], input.name, input.link);
}

/** A notification mail (price alert, watchlist change): its text, a link to it, and the action and footer in the reader's language. */
export function renderNoticeMail(
  language: Language,
  input: { name: string | null; subject: string; lines: string[]; link: string; action: string; footer: string },
): RenderedMail {
  return renderMail({ subject: input.subject, greeting: hello[language], lines: input.lines, action: input.action, ignore: input.footer }, input.name, input.link);
}
