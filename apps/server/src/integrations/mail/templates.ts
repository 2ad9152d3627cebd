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
      subject: `Verifica tu correo electrónico en ${PRODUCT_NAME}`,
      greeting: hello.es,
      lines: [
        `Gracias por registrarte en ${PRODUCT_NAME}. Confirma tu dirección de correo para activar tu cuenta.`,
        `El enlace es válido durante ${EMAIL_VERIFICATION_TTL_HOURS} horas y solo puede usarse una vez.`,
      ],
      action: 'Verificar correo',
      ignore: 'Si no creaste una cuenta, puedes ignorar este mensaje.',
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
      subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
      greeting: hello.es,
      lines: [
        'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
        `El enlace es válido durante ${PASSWORD_RESET_TTL_HOURS} hora y solo puede usarse una vez. Al restablecerla se cierran las demás sesiones.`,
      ],
      action: 'Restablecer contraseña',
      ignore: 'Si no lo solicitaste, puedes ignorar este mensaje; tu contraseña no cambiará.',
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
      subject: `Te han invitado a ${PRODUCT_NAME}`,
      greeting: hello.es,
      lines: [
        input.invitedBy
          ? `${input.invitedBy} te ha invitado a compartir información verificada a través de ${PRODUCT_NAME}.`
          : `Te han invitado a compartir información verificada a través de ${PRODUCT_NAME}.`,
        `Activa tu cuenta y elige una contraseña. El enlace es válido durante ${ACTIVATION_TTL_DAYS} días y solo puede usarse una vez.`,
      ],
      action: 'Activar cuenta',
      ignore: 'Si no esperabas esta invitación, puedes ignorar este mensaje.',
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
