import type { AppContext } from '../../context';

/** A mail to a team inbox about something a person sent: why it came, its details, its text and where it is stored. */
export interface TeamNotice {
  to: string;
  replyTo: string;
  subject: string;
  /** The first line: who sent what, from where. */
  intro: string;
  /** `Label: value` lines. */
  details: string[];
  body: string;
  /** What the row is, e.g. `contact <id>`. */
  reference: string;
}

/** `Label: value`, with `-` for an empty value. */
export function noticeLine(label: string, value: string | null | undefined): string {
  return `${label}: ${value && value !== '' ? value : '-'}`;
}

/**
 * Sends a notification to a team inbox, then marks the stored row notified. The row is already
 * stored, so a mail failure is logged instead of failing the sender's request; rows whose
 * `notified_at` stays null are the ones the team has not been told about.
 */
export async function notifyTeam(
  ctx: AppContext,
  notice: TeamNotice,
  context: Record<string, unknown>,
  markNotified: (at: Date) => Promise<unknown>,
): Promise<void> {
  const text = [notice.intro, '', ...notice.details, '', notice.body, '', `Reference: ${notice.reference}`].join('\n');
  try {
    await ctx.mailer.send({ to: notice.to, replyTo: notice.replyTo, subject: notice.subject, text });
  } catch (error) {
    ctx.log.error({ err: error, ...context }, 'team notification mail failed');
    return;
  }
  await markNotified(ctx.now());
}
