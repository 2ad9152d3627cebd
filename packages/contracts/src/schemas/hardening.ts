import { defineMessages } from '../messages';

/** Texts of issue 35's refusals: expired invitations, mail limits, bank link sessions, batch screening. */
export const hardeningMessages = defineMessages('hardening', {
  invitationExpired: 'This invitation has expired.',
  resendTooSoon: 'This invitation was just sent. Please wait a minute before sending it again.',
  resendDailyLimit: 'This invitation was sent too many times today. Please try again tomorrow.',
  invitationMailsDailyLimit: 'You have sent too many invitation emails today. Please try again tomorrow.',
  bankLinkInvalid: 'This bank connection could not be confirmed, or it took too long. Please connect again.',
  screeningBatchLimit: 'Too many batch screenings. Please wait and try again.',
});
