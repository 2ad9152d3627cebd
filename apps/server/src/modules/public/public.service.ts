import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContactMessageInput, type FormReceipt, type LeadInput, legalPdfFiles, publicMessages } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { noticeLine as line, notifyTeam } from '../../integrations/mail/team-notice';
import { notFound } from '../../lib/app-error';
import { enforceRateLimit } from '../../lib/rate-limiter';
import { defaultWebDist } from '../../plugins/static-web';
import {
  insertContactMessage,
  insertLead,
  markContactMessageNotified,
  markLeadNotified,
  updateContactMessageInbox,
  updateLeadInbox,
  type InboxChanges,
} from './public.repository';

export type { InboxChanges } from './public.repository';

/** The admin inbox sets a contact message's status or assignee; false when it does not exist. */
export function setContactMessageInbox(ctx: AppContext, id: string, changes: InboxChanges): Promise<boolean> {
  return updateContactMessageInbox(ctx.db, id, changes);
}

/** The admin inbox sets a lead's status or assignee; false when it does not exist. */
export function setLeadInbox(ctx: AppContext, id: string, changes: InboxChanges): Promise<boolean> {
  return updateLeadInbox(ctx.db, id, changes);
}

/** Public forms: a person may send this many per window from one IP address. */
export const PUBLIC_FORM_LIMIT = 5;
export const PUBLIC_FORM_WINDOW_MS = 60_000;

export interface SenderInfo {
  ip: string;
  language: 'en' | 'es';
}

function emptyToNull(value: string): string | null {
  return value === '' ? null : value;
}

/** Stores a contact-form message and tells the support inbox; rate-limited per IP. */
export async function createContactMessage(ctx: AppContext, input: ContactMessageInput, sender: SenderInfo): Promise<FormReceipt> {
  await enforceRateLimit(ctx.rateLimiter, `public:contact:${sender.ip}`, PUBLIC_FORM_LIMIT, PUBLIC_FORM_WINDOW_MS);
  const row = await insertContactMessage(ctx.db, {
    name: input.name,
    email: input.email,
    phone: emptyToNull(input.phone),
    company: emptyToNull(input.company),
    subject: input.subject,
    question: input.question,
    language: sender.language,
    ip: sender.ip,
    createdAt: ctx.now(),
  });
  await notifyTeam(
    ctx,
    {
      to: ctx.config.SUPPORT_INBOX,
      replyTo: input.email,
      subject: `[FuelDesk contact] ${input.subject}`,
      intro: 'A visitor sent the contact form on the public site.',
      details: [
        line('Name', input.name),
        line('Email', input.email),
        line('Phone', input.phone),
        line('Company', input.company),
        line('Language', sender.language),
        line('Subject', input.subject),
      ],
      body: input.question,
      reference: `contact ${row.id}`,
    },
    { contactMessageId: row.id },
    (at) => markContactMessageNotified(ctx.db, row.id, at),
  );
  return { id: row.id, received_at: row.createdAt.toISOString() };
}

/** Stores a sales enquiry and tells the sales inbox; rate-limited per IP. */
export async function createLead(ctx: AppContext, input: LeadInput, sender: SenderInfo): Promise<FormReceipt> {
  await enforceRateLimit(ctx.rateLimiter, `public:leads:${sender.ip}`, PUBLIC_FORM_LIMIT, PUBLIC_FORM_WINDOW_MS);
  const row = await insertLead(ctx.db, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: emptyToNull(input.phone),
    company: input.company,
    jobTitle: emptyToNull(input.job_title),
    employees: input.employees,
    industry: input.industry,
    interests: input.interests,
    regions: input.regions,
    operationalScale: input.operational_scale,
    message: emptyToNull(input.message),
    language: sender.language,
    ip: sender.ip,
    createdAt: ctx.now(),
  });
  const fullName = `${input.first_name} ${input.last_name}`;
  await notifyTeam(
    ctx,
    {
      to: ctx.config.SALES_INBOX,
      replyTo: input.email,
      subject: `[FuelDesk lead] ${input.company} (${fullName})`,
      intro: 'A visitor asked about FuelDesk plans through the sales form.',
      details: [
        line('Name', fullName),
        line('Email', input.email),
        line('Phone', input.phone),
        line('Company', input.company),
        line('Job title', input.job_title),
        line('Employees', input.employees),
        line('Industry', input.industry),
        line('Interests', input.interests.join(', ')),
        line('Regions', input.regions.join(', ')),
        line('Operational scale', input.operational_scale),
        line('Language', sender.language),
      ],
      body: input.message === '' ? '(no message)' : input.message,
      reference: `lead ${row.id}`,
    },
    { leadId: row.id },
    (at) => markLeadNotified(ctx.db, row.id, at),
  );
  return { id: row.id, received_at: row.createdAt.toISOString() };
}

// The PDFs are committed under apps/web/public/legal (scripts/generate-legal-pdfs.ts) and copied
// into the built web app; either copy will do.
const webPublicLegalDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/legal');

/**
 * The bytes of a legal PDF. The API serves them (instead of the static /legal/ copies) because the
 * site-wide policy forbids framing, and the PDF modal needs a same-origin frame.
 */
export async function readLegalPdf(ctx: AppContext, file: string): Promise<Buffer> {
  if (!(legalPdfFiles as readonly string[]).includes(file)) throw notFound(publicMessages.noSuchDocument);
  const dirs = [ctx.config.WEB_DIST_DIR, defaultWebDist].filter((dir): dir is string => Boolean(dir)).map((dir) => path.join(dir, 'legal'));
  for (const dir of [...dirs, webPublicLegalDir]) {
    try {
      return await readFile(path.join(dir, file));
    } catch {
      // try the next location
    }
  }
  throw notFound(publicMessages.noPdf);
}
