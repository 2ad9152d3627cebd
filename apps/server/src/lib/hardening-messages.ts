/**
 * The server texts issue 35 added (expired invitations, mail limits, bank link sessions) with their
 * Spanish; kept apart from messages.ts to keep merges clean.
 */
export const hardeningMessages = {
  invitationExpired: 'This invitation has expired.',
} as const;

const spanish: Record<keyof typeof hardeningMessages, string> = {
  invitationExpired: 'Esta invitación ha caducado.',
};

/** English → Spanish, for localizeText. */
export const hardeningTextsEs: ReadonlyArray<readonly [string, string]> = Object.entries(hardeningMessages).map(
  ([key, en]) => [en, spanish[key as keyof typeof hardeningMessages]] as const,
);
