import { readString, writeString } from './storage';

export const DUE_DILIGENCE_SELECTION_KEY = 'dueDiligenceSelection';
export const DUE_DILIGENCE_SELECT_EVENT = 'due-diligence:select';

export const dueDiligenceSelections = ['create', 'overview'] as const;
export type DueDiligenceSelection = (typeof dueDiligenceSelections)[number];

/**
 * Remembers the Due Diligence sub-item the user chose and tells listeners (the due-diligence
 * pages) through a window event, since the sidebar and the pages share no state (SPEC.md §2).
 */
export function selectDueDiligence(selection: DueDiligenceSelection): void {
  writeString('local', DUE_DILIGENCE_SELECTION_KEY, selection);
  window.dispatchEvent(new CustomEvent<DueDiligenceSelection>(DUE_DILIGENCE_SELECT_EVENT, { detail: selection }));
}

export function readDueDiligenceSelection(): DueDiligenceSelection | null {
  const stored = readString('local', DUE_DILIGENCE_SELECTION_KEY);
  return (dueDiligenceSelections as readonly string[]).includes(stored ?? '') ? (stored as DueDiligenceSelection) : null;
}
