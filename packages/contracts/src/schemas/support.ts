import { z } from 'zod';
import { LONG_TEXT_MAX, SUBJECT_MAX, checkFreeText, formMessages, requiredText } from './forms';

// Support messages (signed-in users).

export const supportMessageTypes = ['question', 'complaint', 'request', 'feedback'] as const;
export type SupportMessageType = (typeof supportMessageTypes)[number];

export const createSupportMessageBodySchema = z.object({
  type: z.enum(supportMessageTypes, { error: formMessages.selectOption }),
  subject: requiredText(SUBJECT_MAX, checkFreeText),
  message: requiredText(LONG_TEXT_MAX),
});
export type CreateSupportMessageBody = z.input<typeof createSupportMessageBodySchema>;
export type SupportMessageInput = z.output<typeof createSupportMessageBodySchema>;

export const supportMessageSchema = z.object({
  id: z.string(),
  type: z.enum(supportMessageTypes),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;
export const supportMessageListSchema = z.array(supportMessageSchema);
