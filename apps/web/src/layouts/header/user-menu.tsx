import { isAdmin, isRestrictedClient, LANGUAGES } from '@fueldesk/contracts';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { changeLanguage, getCurrentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/auth-store';
import { useDismiss } from '@/lib/use-dismiss';

interface UserMenuProps {
  onOpenProfile: () => void;
  onOpenSettings: () => void;
  onLogout: () => void;
}

const itemClassName =
  'focus-ring flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

function getInitials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words.length > 0 ? words.slice(0, 2).map((word) => word[0]) : [email[0] ?? '?'];
  return initials.join('').toUpperCase();
}

function MenuIcon({ name }: { name: IconName }) {
  return <Icon name={name} className="size-4 text-slate-400" />;
}

/** My profile, Admin sessions (admins only), Settings, Language, Log out (SPEC.md §2). */
export function UserMenu({ onOpenProfile, onOpenSettings, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const { user, role, isSuperadmin } = useSession();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const showAdmin = isAdmin({ role, is_superadmin: isSuperadmin });
  // A restricted cliente only reaches bank verification: no activity page.
  const showActivity = !isRestrictedClient({ role, is_superadmin: isSuperadmin });
  const language = getCurrentLanguage();
  const displayName = user?.name || user?.email || t('userMenu.account');

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useDismiss(rootRef, open, close);

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  // Arrow keys move between items, as in any menu.
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const last = items.length - 1;
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((current) => !current)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('userMenu.button', { name: displayName })}
        className="focus-ring flex items-center gap-2 rounded-lg p-1 pr-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-slate-900 text-xs font-semibold text-white dark:bg-amber-500 dark:text-slate-950">
          {getInitials(user?.name ?? '', user?.email ?? '')}
        </span>
        <span className="hidden max-w-40 truncate text-sm font-medium sm:block">{displayName}</span>
        <Icon name="chevronDown" className="size-4 text-slate-400" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('userMenu.label')}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-30 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {user?.email ? (
            <p className="truncate px-3 py-2 text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
          ) : null}
          <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onOpenProfile)} className={itemClassName}>
            <MenuIcon name="user" />
            {t('userMenu.profile')}
          </button>
          {showActivity ? (
            <Link to="/activity" role="menuitem" tabIndex={-1} onClick={() => setOpen(false)} className={itemClassName}>
              <MenuIcon name="user" />
              {t('userMenu.activity')}
            </Link>
          ) : null}
          {showAdmin ? (
            <Link to="/admin/sessions" role="menuitem" tabIndex={-1} onClick={() => setOpen(false)} className={itemClassName}>
              <MenuIcon name="admin" />
              {t('userMenu.adminSessions')}
            </Link>
          ) : null}
          {showAdmin ? (
            <Link to="/admin/audit" role="menuitem" tabIndex={-1} onClick={() => setOpen(false)} className={itemClassName}>
              <MenuIcon name="admin" />
              {t('userMenu.audit')}
            </Link>
          ) : null}
          <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onOpenSettings)} className={itemClassName}>
            <MenuIcon name="settings" />
            {t('userMenu.settings')}
          </button>
          <div role="group" aria-label={t('language.label')} className="my-1 border-y border-slate-100 py-1 dark:border-slate-800">
            <p aria-hidden="true" className="flex items-center gap-3 px-3 py-1 text-xs font-semibold text-slate-500 uppercase">
              <MenuIcon name="globe" />
              {t('language.label')}
            </p>
            {LANGUAGES.map((option) => (
              <button
                key={option}
                type="button"
                role="menuitemradio"
                aria-checked={option === language}
                tabIndex={-1}
                lang={option}
                onClick={() => void changeLanguage(option)}
                className={itemClassName}
              >
                <span className="w-4 text-amber-500" aria-hidden="true">
                  {option === language ? '✓' : ''}
                </span>
                {t(`language.names.${option}`)}
              </button>
            ))}
          </div>
          <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onLogout)} className={itemClassName}>
            <MenuIcon name="logout" />
            {t('userMenu.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
