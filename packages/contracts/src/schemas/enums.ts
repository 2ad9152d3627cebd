import { z } from 'zod';
import { planCodes } from '../plans';
import { roles } from '../roles';

// Kept apart from roles.ts and plans.ts so that code needing only the rules does not load zod.
export const roleSchema = z.enum(roles);
export const planCodeSchema = z.enum(planCodes);

/** Free text kept as the billing provider sends it (e.g. active, trialing, past_due). */
export const subscriptionStatusSchema = z.string();
