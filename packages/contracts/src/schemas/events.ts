import { z } from 'zod';

// Server-sent events (split out of auth.ts; exported through the package index). The event names
// and session end reasons are in ../session-end.ts, without zod: the web app's shell uses them, and
// a zod schema built at a module's top level would bring all of zod into every page's first load.

/** POST /api/events/token → a short-lived token for `GET /api/events?token=…` (EventSource sends no headers). */
export const eventsTokenResponseSchema = z.object({ token: z.string(), expires_in: z.number().int() });
export type EventsTokenResponse = z.infer<typeof eventsTokenResponseSchema>;
export const eventsQuerySchema = z.object({ token: z.string().min(1).max(2048) });

export const sessionRevokedEventSchema = z.object({
  session_id: z.string(),
  reason: z.string().nullable(),
});
export type SessionRevokedEvent = z.infer<typeof sessionRevokedEventSchema>;
