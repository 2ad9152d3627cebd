import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { NotificationsMenu } from './notifications-menu';
import { UserMenu } from './user-menu';

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
        <NotificationsMenu />
        <UserMenu onOpenProfile={onOpenProfile} onOpenSettings={onOpenSettings} onLogout={onLogout} />
      </div>
    </header>
  );
}
