import {
  SUBMENU_SAVE_DEBOUNCE_MS,
  createSubmenuItem,
  normalizeSubmenuTitle,
  parseSubmenuItem,
  submenuParents,
  validateNewSubmenuItem,
  validateSubmenuRename,
  type SubmenuDraft,
  type SubmenuErrorCode,
  type SubmenuItem,
  type SubmenuParent,
  type SubmenuState,
} from '@fueldesk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createId } from '@/lib/create-id';
import { readJson, writeJson } from '@/lib/storage';

export const CUSTOM_SUBMENUS_KEY = 'customSubmenus';

/** Reads stored sub-items, keeping every valid item even when others are damaged. */
export function readCustomSubmenus(): SubmenuState {
  const stored = readJson('local', CUSTOM_SUBMENUS_KEY);
  if (stored === null || typeof stored !== 'object') return {};
  const state: SubmenuState = {};
  for (const parent of submenuParents) {
    const items = (stored as Record<string, unknown>)[parent];
    if (!Array.isArray(items)) continue;
    // The schema's rules without zod: the sidebar of every dashboard page reads these at its first render.
    state[parent] = items.flatMap((item) => parseSubmenuItem(item) ?? []);
  }
  return state;
}

export type AddSubmenuResult = { ok: true; item: SubmenuItem } | { ok: false; error: SubmenuErrorCode };

export interface CustomSubmenus {
  state: SubmenuState;
  addItem: (parent: SubmenuParent, draft: SubmenuDraft) => AddSubmenuResult;
  renameItem: (parent: SubmenuParent, id: string, title: string) => SubmenuErrorCode | null;
  removeItem: (parent: SubmenuParent, id: string) => void;
}

/**
 * Custom sidebar sub-items, kept in localStorage (DECISIONS.md). Writes are debounced by
 * SUBMENU_SAVE_DEBOUNCE_MS so that quick edits cost one write; a pending write is flushed when
 * the sidebar unmounts or the page is hidden, so nothing is lost.
 */
export function useCustomSubmenus(): CustomSubmenus {
  const [state, setState] = useState<SubmenuState>(readCustomSubmenus);
  const stateRef = useRef(state);
  const pending = useRef<SubmenuState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current) writeJson('local', CUSTOM_SUBMENUS_KEY, pending.current);
    pending.current = null;
  }, []);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const commit = useCallback(
    (next: SubmenuState) => {
      stateRef.current = next;
      setState(next);
      pending.current = next;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SUBMENU_SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  const addItem = useCallback(
    (parent: SubmenuParent, draft: SubmenuDraft): AddSubmenuResult => {
      const items = stateRef.current[parent] ?? [];
      const error = validateNewSubmenuItem(parent, draft, items);
      if (error) return { ok: false, error };
      const item = createSubmenuItem(parent, draft, createId());
      commit({ ...stateRef.current, [parent]: [...items, item] });
      return { ok: true, item };
    },
    [commit],
  );

  const renameItem = useCallback(
    (parent: SubmenuParent, id: string, title: string): SubmenuErrorCode | null => {
      const items = stateRef.current[parent] ?? [];
      const error = validateSubmenuRename(id, title, items);
      if (error) return error;
      const normalized = normalizeSubmenuTitle(title);
      commit({
        ...stateRef.current,
        [parent]: items.map((item) => (item.id === id ? { ...item, title: normalized } : item)),
      });
      return null;
    },
    [commit],
  );

  const removeItem = useCallback(
    (parent: SubmenuParent, id: string) => {
      const items = stateRef.current[parent] ?? [];
      commit({ ...stateRef.current, [parent]: items.filter((item) => item.id !== id) });
    },
    [commit],
  );

  return { state, addItem, renameItem, removeItem };
}
