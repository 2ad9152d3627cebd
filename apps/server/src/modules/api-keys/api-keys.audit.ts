import type { ApiKeyScope } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';

/** What an audit record of a key change holds: never the key, only its id, prefix, name and scopes. */
export interface ApiKeyAuditEntry {
  action: 'api_key.created' | 'api_key.revoked';
  actorId: string;
  keyId: string;
  prefix: string;
  name: string;
  scopes: ApiKeyScope[];
}

/**
 * The audit hook point of key creation and revocation, called inside the change's transaction
 * (`tx`) so that an audit module can store its record atomically with the change. Until the audit
 * module (issue 30) exists, the record is a structured log line.
 */
export async function auditApiKeyChange(ctx: AppContext, _tx: DbOrTx, entry: ApiKeyAuditEntry): Promise<void> {
  ctx.log.info({ audit: entry }, entry.action);
}
