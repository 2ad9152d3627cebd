import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { defineMessages } from '../messages';
import { SHORT_TEXT_MAX, formMessages, requiredText } from './forms';

export const releaseMessages = defineMessages('releases', {
  versionTaken: 'Version {{version}} has already been published.',
});

// Releases (SPEC.md §2, §5): at least one section with a title and items; version digits and dots.

export const releaseTypes = ['major', 'minor', 'patch'] as const;
export type ReleaseType = (typeof releaseTypes)[number];

export const RELEASE_SECTIONS_MAX = 20;
export const RELEASE_ITEMS_MAX = 50;
export const releaseVersionPattern = /^\d+(\.\d+)*$/;

export const releaseSectionSchema = z.object({
  title: z
    .string({ error: formMessages.sectionTitleRequired })
    .trim()
    .min(1, { error: formMessages.sectionTitleRequired, abort: true })
    .max(SHORT_TEXT_MAX, { error: formMessages.tooLong }),
  items: z
    .array(z.string({ error: formMessages.required }).trim().max(500, { error: formMessages.tooLong }), {
      error: formMessages.sectionItemsRequired,
    })
    .transform((items) => items.filter((item) => item !== ''))
    .pipe(
      z
        .array(z.string())
        .min(1, { error: formMessages.sectionItemsRequired })
        .max(RELEASE_ITEMS_MAX, { error: formMessages.tooManyEntries }),
    ),
});
export type ReleaseSection = z.output<typeof releaseSectionSchema>;

export const createReleaseBodySchema = z.object({
  title: requiredText(SHORT_TEXT_MAX),
  version: z
    .string({ error: formMessages.required })
    .trim()
    .min(1, { error: formMessages.required, abort: true })
    .max(32, { error: formMessages.tooLong, abort: true })
    .regex(releaseVersionPattern, { error: formMessages.versionFormat }),
  type: z.enum(releaseTypes, { error: formMessages.selectOption }),
  description: requiredText(1_000),
  sections: z
    .array(releaseSectionSchema, { error: formMessages.sectionsRequired })
    .min(1, { error: formMessages.sectionsRequired })
    .max(RELEASE_SECTIONS_MAX, { error: formMessages.tooManyEntries }),
});
export type CreateReleaseBody = z.input<typeof createReleaseBodySchema>;
export type ReleaseInput = z.output<typeof createReleaseBodySchema>;

export const releaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string(),
  type: z.enum(releaseTypes),
  description: z.string(),
  sections: z.array(z.object({ title: z.string(), items: z.array(z.string()) })),
  released_at: z.string(),
  /** Language of title, description and sections: the caller's (Accept-Language) when the release has it, else English. */
  language: z.enum(LANGUAGES).optional(),
});
export type Release = z.infer<typeof releaseSchema>;
export const releaseListSchema = z.array(releaseSchema);
