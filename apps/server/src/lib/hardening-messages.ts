/** Issue 35's message keys live in contracts (schemas/hardening.ts, Spanish in messages-es.ts). */
export { hardeningMessages } from '@fueldesk/contracts';
