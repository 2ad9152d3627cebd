import type { ApiKeyScope } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/audit.service';

/** What an audit record of a key change holds: never the key, only its id, prefix, name and scopes. */
export interface ApiKeyAuditEntry {
  action: 'api_key.create' | 'api_key.revoke';
  actor: AuditActor;
  keyId: string;
  prefix: string;
  name: string;
  scopes: ApiKeyScope[];
  expiresAt?: string | null;
}

/** Records a key's creation or revocation in the audit log, inside the change's own transaction. */
export async function auditApiKeyChange(ctx: AppContext, tx: DbOrTx, entry: ApiKeyAuditEntry): Promise<void> {
  await recordAudit(tx, {
    at: ctx.now(),
    actor: entry.actor,
    action: entry.action,
    subject: entry.name,
    details: { key_id: entry.keyId, prefix: entry.prefix, scopes: entry.scopes, ...(entry.expiresAt !== undefined ? { expires_at: entry.expiresAt } : {}) },
  });
}
