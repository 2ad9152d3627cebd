import { useCallback, useEffect, useState, type PointerEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { afterNextPaint } from '@/lib/after-paint';
import { useEscapeCancels } from '@/lib/deferred-module';
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

type HeaderMenus = typeof import('./header-menus');
type MenuName = 'notifications' | 'user';

let loadedMenus: HeaderMenus | null = null;
let loadingMenus: Promise<HeaderMenus> | null = null;

/** The menus' code, asked for once (again after a failed download: the next press retries). */
export function loadHeaderMenus(): Promise<HeaderMenus> {
  loadingMenus ??= import('./header-menus').then(
    (menus) => (loadedMenus = menus),
    (error: unknown) => {
      loadingMenus = null;
      throw error;
    },
  );
  return loadingMenus;
}

/** A menu that failed to load leaves its plain button; a press asks again. */
const ignore = () => undefined;

/** How long after the first paint the menus are loaded unasked: after the page's own requests. */
const MENUS_AFTER_PAINT_MS = 2_000;

/**
 * The menus once loaded: two seconds after the first paint, or at once when a trigger is pointed at,
 * focused or pressed (the one pressed then opens). Until then plain buttons of the same look hold
 * their place, so the page's first render neither waits for nor downloads Radix and Floating UI.
 */
function useHeaderMenus() {
  const [menus, setMenus] = useState<HeaderMenus | null>(loadedMenus);
  const [openFirst, setOpenFirst] = useState<MenuName | null>(null);
  const cancelOpen = useCallback(() => setOpenFirst(null), []);
  useEffect(() => {
    if (menus) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancelPaint = afterNextPaint(() => {
      timer = setTimeout(() => void loadHeaderMenus().then((loaded) => live && setMenus(loaded), ignore), MENUS_AFTER_PAINT_MS);
    });
    return () => {
      live = false;
      cancelPaint();
      clearTimeout(timer);
    };
  }, [menus]);
  // A press waiting for the menus' code is called off by Escape.
  useEscapeCancels(openFirst !== null && menus === null, cancelOpen);
  const prefetch = () => void loadHeaderMenus().then(setMenus, ignore);
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
  const { hasUnread } = useBellNotifications();
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
