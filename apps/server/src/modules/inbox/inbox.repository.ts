import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { contactMessages, leads, supportMessages, users } from '../../db/schema';

// Reads only: the contact, lead and support tables are written by their own modules' repositories
// (public.repository.ts, support.repository.ts), which the inbox service calls through their services.

export type InboxKind = 'contact' | 'lead' | 'support';
export type InboxStatus = 'open' | 'answered';

export interface InboxFilter {
  kind?: InboxKind;
  status?: InboxStatus;
  /** A user id, or null for the messages nobody has taken. */
  assigneeId?: string | null;
  q?: string;
  limit: number;
  offset: number;
}

export interface InboxRecord {
  kind: InboxKind;
  id: string;
  status: InboxStatus;
  assigneeId: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeEmail: string | null;
  fromName: string;
  fromEmail: string;
  subject: string;
  preview: string;
  createdAt: Date;
  updatedAt: Date;
}

interface RawInboxRow {
  kind: InboxKind;
  id: string;
  status: InboxStatus;
  assignee_id: string | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_email: string | null;
  from_name: string;
  from_email: string;
  subject: string;
  preview: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const PREVIEW_CHARS = 200;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** `column ilike pattern` for any of the columns, as one SQL condition. */
function anyLike(pattern: string, columns: SQL[]): SQL {
  return sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
}

function conditions(filter: InboxFilter, table: { status: SQL; assigneeId: SQL }, searchable: SQL[]): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status) parts.push(sql`${table.status} = ${filter.status}`);
  if (filter.assigneeId === null) parts.push(sql`${table.assigneeId} is null`);
  else if (filter.assigneeId !== undefined) parts.push(sql`${table.assigneeId} = ${filter.assigneeId}`);
  if (filter.q) parts.push(anyLike(`%${escapeLike(filter.q)}%`, searchable));
  return sql.join(parts, sql` and `);
}

/** The three kinds as one relation with the same columns, each already filtered. */
function inboxUnion(filter: InboxFilter): SQL {
  const selects: SQL[] = [];
  if (!filter.kind || filter.kind === 'contact') {
    const c = contactMessages;
    const where = conditions(filter, { status: sql`${c.status}`, assigneeId: sql`${c.assigneeId}` }, [
      sql`${c.name}`,
      sql`${c.email}`,
      sql`coalesce(${c.company}, '')`,
      sql`${c.subject}`,
      sql`${c.question}`,
    ]);
    selects.push(sql`select 'contact'::text as kind, ${c.id} as id, ${c.status} as status, ${c.assigneeId} as assignee_id,
      ${c.name} as from_name, ${c.email} as from_email, ${c.subject} as subject, left(${c.question}, ${PREVIEW_CHARS}) as preview,
      ${c.createdAt} as created_at, ${c.updatedAt} as updated_at
      from ${c} where ${where}`);
  }
  if (!filter.kind || filter.kind === 'lead') {
    const l = leads;
    const where = conditions(filter, { status: sql`${l.status}`, assigneeId: sql`${l.assigneeId}` }, [
      sql`(${l.firstName} || ' ' || ${l.lastName})`,
      sql`${l.email}`,
      sql`${l.company}`,
      sql`coalesce(${l.jobTitle}, '')`,
      sql`coalesce(${l.message}, '')`,
    ]);
    selects.push(sql`select 'lead'::text as kind, ${l.id} as id, ${l.status} as status, ${l.assigneeId} as assignee_id,
      ${l.firstName} || ' ' || ${l.lastName} as from_name, ${l.email} as from_email, ${l.company} as subject,
      left(coalesce(${l.message}, ''), ${PREVIEW_CHARS}) as preview, ${l.createdAt} as created_at, ${l.updatedAt} as updated_at
      from ${l} where ${where}`);
  }
  if (!filter.kind || filter.kind === 'support') {
    const s = supportMessages;
    const sender = sql`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
    const where = conditions(filter, { status: sql`${s.status}`, assigneeId: sql`${s.assigneeId}` }, [
      sender,
      sql`${users.email}`,
      sql`${s.subject}`,
      sql`${s.message}`,
    ]);
    selects.push(sql`select 'support'::text as kind, ${s.id} as id, ${s.status} as status, ${s.assigneeId} as assignee_id,
      coalesce(nullif(${sender}, ''), ${users.email}) as from_name, ${users.email} as from_email, ${s.subject} as subject,
      left(${s.message}, ${PREVIEW_CHARS}) as preview, ${s.createdAt} as created_at, ${s.updatedAt} as updated_at
      from ${s} join ${users} on ${users.id} = ${s.userId} where ${where}`);
  }
  return sql.join(selects, sql` union all `);
}

function toRecord(row: RawInboxRow): InboxRecord {
  return {
    kind: row.kind,
    id: row.id,
    status: row.status,
    assigneeId: row.assignee_id,
    assigneeFirstName: row.assignee_first_name,
    assigneeLastName: row.assignee_last_name,
    assigneeEmail: row.assignee_email,
    fromName: row.from_name,
    fromEmail: row.from_email,
    subject: row.subject,
    preview: row.preview,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Newest first across the kinds asked for, with the total that matches the filter. */
export async function listInbox(db: DbOrTx, filter: InboxFilter): Promise<{ rows: InboxRecord[]; total: number }> {
  const union = inboxUnion(filter);
  const rows = await queryRows<RawInboxRow>(
    db,
    sql`select i.*, a.first_name as assignee_first_name, a.last_name as assignee_last_name, a.email as assignee_email
      from (${union}) i left join ${users} a on a.id = i.assignee_id
      order by i.created_at desc, i.id desc limit ${filter.limit} offset ${filter.offset}`,
  );
  const [count] = await queryRows<{ total: number | string }>(db, sql`select count(*)::int as total from (${union}) i`);
  return { rows: rows.map(toRecord), total: Number(count?.total ?? 0) };
}

/** One message as a list row (the detail's own fields come from findInboxDetail). */
export async function findInboxRecord(db: DbOrTx, kind: InboxKind, id: string): Promise<InboxRecord | undefined> {
  const rows = await queryRows<RawInboxRow>(
    db,
    sql`select i.*, a.first_name as assignee_first_name, a.last_name as assignee_last_name, a.email as assignee_email
      from (${inboxUnion({ kind, limit: 1, offset: 0 })}) i left join ${users} a on a.id = i.assignee_id
      where i.id = ${id}`,
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export type ContactMessageRecord = typeof contactMessages.$inferSelect;
export type LeadRecord = typeof leads.$inferSelect;
export type SupportMessageRecord = typeof supportMessages.$inferSelect;

export type InboxSource =
  | { kind: 'contact'; row: ContactMessageRecord }
  | { kind: 'lead'; row: LeadRecord }
  | { kind: 'support'; row: SupportMessageRecord; userLanguage: string };

/** The whole stored message of one kind. */
export async function findInboxSource(db: DbOrTx, kind: InboxKind, id: string): Promise<InboxSource | undefined> {
  if (kind === 'contact') {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
    return row ? { kind, row } : undefined;
  }
  if (kind === 'lead') {
    const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
    return row ? { kind, row } : undefined;
  }
  const [found] = await db
    .select({ row: supportMessages, userLanguage: users.language })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .where(eq(supportMessages.id, id))
    .limit(1);
  return found ? { kind, row: found.row, userLanguage: found.userLanguage } : undefined;
}

export type AssigneeRecord = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'lastName'>;

/** The people a message can be given to: active administrators, by name. */
export function listActiveAdmins(db: DbOrTx): Promise<AssigneeRecord[]> {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
}

export async function findActiveAdmin(db: DbOrTx, id: string): Promise<AssigneeRecord | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin'), eq(users.active, true)))
    .limit(1);
  return row;
}
