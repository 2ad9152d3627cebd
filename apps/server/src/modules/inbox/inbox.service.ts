import {
  inboxMessages,
  type AdminInboxDetail,
  type AdminInboxItem,
  type AdminInboxListResponse,
  type AdminInboxQuery,
  type AdminInboxUpdateBody,
  type InboxAssignee,
  type InboxAssigneesResponse,
  type InboxKind,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { setContactMessageInbox, setLeadInbox, type InboxChanges } from '../public/public.service';
import { setSupportMessageInbox } from '../support/support.service';
import * as repo from './inbox.repository';

/** What visitors and users send (contact form, lead form, support page), for the admins to answer. */

function displayName(person: { firstName: string | null; lastName: string | null; email: string }): string {
  const name = [person.firstName, person.lastName].filter((part) => part && part.trim()).join(' ').trim();
  return name || person.email;
}

function toAssignee(record: repo.AssigneeRecord): InboxAssignee {
  return { id: record.id, name: displayName(record), email: record.email };
}

function toItem(record: repo.InboxRecord): AdminInboxItem {
  return {
    kind: record.kind,
    id: record.id,
    status: record.status,
    assignee:
      record.assigneeId && record.assigneeEmail
        ? toAssignee({ id: record.assigneeId, email: record.assigneeEmail, firstName: record.assigneeFirstName, lastName: record.assigneeLastName })
        : null,
    from_name: record.fromName,
    from_email: record.fromEmail,
    subject: record.subject,
    preview: record.preview,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

export async function listInbox(ctx: AppContext, caller: AuthUser, query: AdminInboxQuery): Promise<AdminInboxListResponse> {
  const assigneeId = query.assignee === undefined ? undefined : query.assignee === 'none' ? null : query.assignee === 'me' ? caller.id : query.assignee;
  const { rows, total } = await repo.listInbox(ctx.db, {
    kind: query.kind,
    status: query.status,
    assigneeId,
    q: query.q || undefined,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { items: rows.map(toItem), total, page: query.page, page_size: query.page_size };
}

function joinList(values: string[]): string | null {
  return values.length > 0 ? values.join(', ') : null;
}

/** The message in full with the fields its form has. */
export async function getInboxItem(ctx: AppContext, kind: InboxKind, id: string): Promise<AdminInboxDetail> {
  const [record, source] = await Promise.all([repo.findInboxRecord(ctx.db, kind, id), repo.findInboxSource(ctx.db, kind, id)]);
  if (!record || !source) throw notFound(inboxMessages.notFound);
  const item = toItem(record);
  if (source.kind === 'contact') {
    const row = source.row;
    return { ...item, message: row.question, language: row.language, fields: { phone: row.phone, company: row.company } };
  }
  if (source.kind === 'lead') {
    const row = source.row;
    return {
      ...item,
      message: row.message ?? '',
      language: row.language,
      fields: {
        phone: row.phone,
        company: row.company,
        job_title: row.jobTitle,
        employees: row.employees,
        industry: row.industry,
        interests: joinList(row.interests),
        regions: joinList(row.regions),
        operational_scale: row.operationalScale,
      },
    };
  }
  const row = source.row;
  return { ...item, message: row.message, language: source.userLanguage, fields: { type: row.type } };
}

const writers: Record<InboxKind, (ctx: AppContext, id: string, changes: InboxChanges) => Promise<boolean>> = {
  contact: setContactMessageInbox,
  lead: setLeadInbox,
  support: setSupportMessageInbox,
};

/** Status and/or assignee; the assignee must be an active administrator (null takes it back). */
export async function updateInboxItem(ctx: AppContext, kind: InboxKind, id: string, body: AdminInboxUpdateBody): Promise<AdminInboxDetail> {
  if (body.assignee_id) {
    const admin = await repo.findActiveAdmin(ctx.db, body.assignee_id);
    if (!admin) throw new AppError('VALIDATION_ERROR', 400, inboxMessages.assigneeNotAdmin, { assignee_id: inboxMessages.assigneeNotAdmin });
  }
  const changed = await writers[kind](ctx, id, {
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.assignee_id !== undefined ? { assigneeId: body.assignee_id } : {}),
    updatedAt: ctx.now(),
  });
  if (!changed) throw notFound(inboxMessages.notFound);
  return getInboxItem(ctx, kind, id);
}

export async function listInboxAssignees(ctx: AppContext): Promise<InboxAssigneesResponse> {
  const admins = await repo.listActiveAdmins(ctx.db);
  return { assignees: admins.map(toAssignee) };
}
