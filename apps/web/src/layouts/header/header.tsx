import { useCallback, useState, type PointerEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { deferredModule, useDeferredModule, useEscapeCancels } from '@/lib/deferred-module';
import { useSession } from '@/lib/auth-store';
import { bellClassName, UnreadDot, useBellNotifications } from './bell-notifications';
import { getInitials, initialsClassName, userMenuButtonClassName } from './user-badge';

interface HeaderProps {
  title: string;
  sidebarId: string;
  showMenuButton: boolean;
  drawerOpen: boolean;
  menuButtonRef: Ref<HTMLButtonElement>;
  onOpenDrawer: () => void;
  isDark: boolean;
  onToggleTheme: () => void;
  onOpenProfile: () => void;
  onOpenSettings: () => void;
  onLogout: () => void;
}

type MenuName = 'notifications' | 'user';

// The menus' code (Radix DropdownMenu and Popover, Floating UI) is not needed for the page's first
// render: lib/deferred-module.ts loads it after the first paint, or when a button is pointed at,
// focused or pressed.
const headerMenus = deferredModule(() => import('./header-menus'));

/**
 * The menus once loaded; until then plain buttons of the same look hold their place. The one
 * pressed before its code arrived opens once it has; Escape calls that press off.
 */
function useHeaderMenus() {
  const { value: menus, request: prefetch } = useDeferredModule(headerMenus);
  const [openFirst, setOpenFirst] = useState<MenuName | null>(null);
  const cancelOpen = useCallback(() => setOpenFirst(null), []);
  useEscapeCancels(openFirst !== null && menus === null, cancelOpen);
  const open = (menu: MenuName) => {
    setOpenFirst(menu);
    prefetch();
  };
  return { menus, openFirst, prefetch, open };
}

const iconButtonClassName =
  'focus-ring rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

export function Header({
  title,
  sidebarId,
  showMenuButton,
  drawerOpen,
  menuButtonRef,
  onOpenDrawer,
  isDark,
  onToggleTheme,
  onOpenProfile,
  onOpenSettings,
  onLogout,
}: HeaderProps) {
  const { t } = useTranslation();
  const { menus, openFirst, prefetch, open } = useHeaderMenus();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90 sm:px-6">
      {showMenuButton ? (
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenDrawer}
          aria-controls={sidebarId}
          aria-expanded={drawerOpen}
          aria-label={t('header.openMenu')}
          className={iconButtonClassName}
        >
          <Icon name="menu" />
        </button>
      ) : null}
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</h1>
      <div className="flex items-center gap-1">
        <button
          type="button"
          onClick={onToggleTheme}
          aria-pressed={isDark}
          aria-label={t('header.darkTheme')}
          title={isDark ? t('header.useLight') : t('header.useDark')}
          className={iconButtonClassName}
        >
          <Icon name={isDark ? 'sun' : 'moon'} />
        </button>
        {menus ? (
          <>
            <menus.NotificationsMenu defaultOpen={openFirst === 'notifications'} />
            <menus.UserMenu
              defaultOpen={openFirst === 'user'}
              onOpenProfile={onOpenProfile}
              onOpenSettings={onOpenSettings}
              onLogout={onLogout}
            />
          </>
        ) : (
          <>
            <BellButton onPrefetch={prefetch} onOpen={() => open('notifications')} />
            <UserMenuButton onPrefetch={prefetch} onOpen={() => open('user')} />
          </>
        )}
      </div>
    </header>
  );
}

/**
 * A mouse press opens the menu at once, as Radix's trigger does on pointerdown: should the menu's code
 * arrive between the press and its release, the click would reach neither button.
 */
function opensOnPress(event: PointerEvent<HTMLButtonElement>): boolean {
  return event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey;
}

/** The bell as the loaded panel draws it (notifications-menu.tsx), unread dot included, until the panel is loaded. */
function BellButton({ onPrefetch, onOpen }: { onPrefetch: () => void; onOpen: () => void }) {
  const { t } = useTranslation();
  const { hasUnread } = useBellNotifications({ askServer: false });
  return (
    <button
      type="button"
      aria-label={hasUnread ? t('notifications.buttonUnread') : t('notifications.button')}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      onPointerDown={(event) => opensOnPress(event) && onOpen()}
      onClick={onOpen}
      className={bellClassName}
    >
      <Icon name="bell" />
      {hasUnread ? <UnreadDot /> : null}
    </button>
  );
}

/** The user menu's button as the loaded menu draws it (user-menu.tsx), until the menu is loaded. */
function UserMenuButton({ onPrefetch, onOpen }: { onPrefetch: () => void; onOpen: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const displayName = user?.name || user?.email || t('userMenu.account');
  return (
    <button
      type="button"
      aria-label={t('userMenu.button', { name: displayName })}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      onPointerDown={(event) => opensOnPress(event) && onOpen()}
      onClick={onOpen}
      className={userMenuButtonClassName}
    >
      <span className={initialsClassName}>{getInitials(user?.name ?? '', user?.email ?? '')}</span>
      <span className="hidden max-w-40 truncate text-sm font-medium sm:block">{displayName}</span>
      <Icon name="chevronDown" className="size-4 text-slate-400" />
    </button>
  );
}
