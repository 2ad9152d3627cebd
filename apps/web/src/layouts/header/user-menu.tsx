import { isAdmin, isRestrictedClient, LANGUAGES } from '@fueldesk/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { changeLanguage, getCurrentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/auth-store';
import { getInitials, initialsClassName, userMenuButtonClassName } from './user-badge';

interface UserMenuProps {
  onOpenProfile: () => void;
  onOpenSettings: () => void;
  onLogout: () => void;
  /** Open at once: the button was pressed before the menu's code had arrived (header.tsx). */
  defaultOpen?: boolean;
}

const itemClassName =
  'focus-ring flex w-full cursor-default items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 data-highlighted:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-highlighted:bg-slate-800';

function MenuIcon({ name }: { name: IconName }) {
  return <Icon name={name} className="size-4 text-slate-400" />;
}

/**
 * My profile, Admin sessions (admins only), Settings, Language, Log out (SPEC.md §2). Radix's
 * DropdownMenu gives the menu roles, arrow keys, Escape, outside press and focus return.
 */
export function UserMenu({ onOpenProfile, onOpenSettings, onLogout, defaultOpen = false }: UserMenuProps) {
  const { t } = useTranslation();
  const { user, role, isSuperadmin } = useSession();
  // An item that opens a panel keeps the focus there instead of returning it to the button.
  const focusMovesOn = useRef(false);
  const showAdmin = isAdmin({ role, is_superadmin: isSuperadmin });
  // A restricted cliente only reaches bank verification: no activity page.
  const showActivity = !isRestrictedClient({ role, is_superadmin: isSuperadmin });
  const language = getCurrentLanguage();
  const displayName = user?.name || user?.email || t('userMenu.account');

  const choose = (action: () => void) => () => {
    focusMovesOn.current = true;
    action();
  };

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={t('userMenu.button', { name: displayName })}
        className={userMenuButtonClassName}
      >
        <span className={initialsClassName}>
          {getInitials(user?.name ?? '', user?.email ?? '')}
        </span>
        <span className="hidden max-w-40 truncate text-sm font-medium sm:block">{displayName}</span>
        <Icon name="chevronDown" className="size-4 text-slate-400" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        aria-label={t('userMenu.label')}
        // Named by its own label, not by the button Radix would point it at.
        aria-labelledby={undefined}
        onCloseAutoFocus={(event) => {
          if (focusMovesOn.current) event.preventDefault();
          focusMovesOn.current = false;
        }}
        className="z-30 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {user?.email ? (
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-500 dark:text-slate-400">{user.email}</DropdownMenu.Label>
        ) : null}
        <DropdownMenu.Item onSelect={choose(onOpenProfile)} className={itemClassName}>
          <MenuIcon name="user" />
          {t('userMenu.profile')}
        </DropdownMenu.Item>
        {showActivity ? (
          <DropdownMenu.Item asChild className={itemClassName}>
            <Link to="/activity">
              <MenuIcon name="user" />
              {t('userMenu.activity')}
            </Link>
          </DropdownMenu.Item>
        ) : null}
        {showAdmin ? (
          <DropdownMenu.Item asChild className={itemClassName}>
            <Link to="/admin/sessions">
              <MenuIcon name="admin" />
              {t('userMenu.adminSessions')}
            </Link>
          </DropdownMenu.Item>
        ) : null}
        {showAdmin ? (
          <DropdownMenu.Item asChild className={itemClassName}>
            <Link to="/admin/audit">
              <MenuIcon name="admin" />
              {t('userMenu.audit')}
            </Link>
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Item onSelect={choose(onOpenSettings)} className={itemClassName}>
          <MenuIcon name="settings" />
          {t('userMenu.settings')}
        </DropdownMenu.Item>
        <DropdownMenu.RadioGroup
          value={language}
          onValueChange={(option) => void changeLanguage(option as (typeof LANGUAGES)[number])}
          aria-label={t('language.label')}
          className="my-1 border-y border-slate-100 py-1 dark:border-slate-800"
        >
          <p aria-hidden="true" className="flex items-center gap-3 px-3 py-1 text-xs font-semibold text-slate-500 uppercase">
            <MenuIcon name="globe" />
            {t('language.label')}
          </p>
          {LANGUAGES.map((option) => (
            // The menu stays open on a language, as the texts change under it.
            <DropdownMenu.RadioItem key={option} value={option} lang={option} onSelect={(event) => event.preventDefault()} className={itemClassName}>
              <span className="w-4 text-amber-500" aria-hidden="true">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {t(`language.names.${option}`)}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Item onSelect={choose(onLogout)} className={itemClassName}>
          <MenuIcon name="logout" />
          {t('userMenu.logout')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
