/** The one or two letters of the user menu's badge: the name's first two words, or the email's first letter. */
export function getInitials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words.length > 0 ? words.slice(0, 2).map((word) => word[0]) : [email[0] ?? '?'];
  return initials.join('').toUpperCase();
}

/** The user menu's button, drawn alike before (header.tsx) and after its menu is loaded (user-menu.tsx). */
export const userMenuButtonClassName =
  'focus-ring flex items-center gap-2 rounded-lg p-1 pr-2 hover:bg-slate-100 dark:hover:bg-slate-800';
export const initialsClassName =
  'flex size-8 items-center justify-center rounded-full bg-slate-900 text-xs font-semibold text-white dark:bg-amber-500 dark:text-slate-950';
