import { isRestrictedClient, planNameFromCode } from '@fueldesk/contracts';
import { Suspense, useCallback, useDeferredValue, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useDocumentTitle, useRouteTitle } from '@/lib/document-title';
import { SessionKeeper, useLogOut, useReleaseLoginLoader, useSession } from '@/lib/auth-store';
import { readBoolean, writeBoolean } from '@/lib/storage';
import { useDashboardTheme } from '@/lib/theme';
import { useBodyScrollLock } from '@/lib/use-body-scroll-lock';
import { useIsMobile } from '@/lib/use-media-query';
import { ProfilePanelFrame, type ProfilePanel, type ProfilePanels } from './profile-panel-frame';
import { Header } from './header/header';
import { NavigationProgress } from './navigation-progress';
import { Sidebar } from './sidebar/sidebar';
import { SkipLink } from './skip-link';

export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';

/** Every protected page: sidebar, header, theme, the profile panels (SPEC.md §2 "Dashboard layout"). */
export default function DashboardLayout({ profilePanels, reportWatcher: ReportWatcher }: { profilePanels: ProfilePanels; reportWatcher?: ComponentType }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const { user, role, isSuperadmin } = useSession();
  const { isDark, toggleTheme } = useDashboardTheme();
  const isMobile = useIsMobile();
  const sidebarId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const [collapsed, setCollapsed] = useState(() => readBoolean('local', SIDEBAR_COLLAPSED_KEY) ?? false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const [profilePanel, setProfilePanel] = useState<ProfilePanel | null>(null);
  const drawerOpen = isMobile && drawerRequested;
  // On a phone the sidebar is a closed drawer, off screen: its hundred-odd elements come in a second,
  // interruptible render, not in the one that paints the page first.
  const drawerReady = useDeferredValue(true, false);
  const showSidebar = !isMobile || drawerOpen || drawerReady;

  // A navigation closes the drawer and any profile panel (state adjusted during render, not in an effect).
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setDrawerRequested(false);
    setProfilePanel(null);
  }

  useBodyScrollLock(drawerOpen);

  const closeDrawer = useCallback(() => {
    setDrawerRequested(false);
    menuButtonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!drawerOpen) return;
    document.getElementById(sidebarId)?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, sidebarId, closeDrawer]);

  const toggleCollapsed = () => {
    writeBoolean('local', SIDEBAR_COLLAPSED_KEY, !collapsed);
    setCollapsed(!collapsed);
  };

  const performLogOut = useLogOut();
  const logOut = () => void performLogOut();
  useReleaseLoginLoader(navigation.state === 'idle');

  const routeTitle = useRouteTitle();
  const title = profilePanel ? t(`sections.${profilePanel}`) : (routeTitle ?? t('app.name'));
  useDocumentTitle(title);

  const planName = user?.plan_name || planNameFromCode(user?.plan_code) || t('sidebar.planFallback');

  return (
    <div className="flex min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <SessionKeeper />
      {ReportWatcher && !isRestrictedClient({ role, is_superadmin: isSuperadmin }) ? (
        <Suspense fallback={null}>
          <ReportWatcher />
        </Suspense>
      ) : null}
      <NavigationProgress active={navigation.state === 'loading'} />
      {showSidebar ? (
        <Sidebar
          id={sidebarId}
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
          isMobile={isMobile}
          drawerOpen={drawerOpen}
          onNavigate={() => setDrawerRequested(false)}
          restricted={isRestrictedClient({ role, is_superadmin: isSuperadmin })}
          planName={planName}
          onLogout={logOut}
        />
      ) : null}
      {drawerOpen ? (
        <button
          type="button"
          aria-label={t('sidebar.closeDrawer')}
          onClick={closeDrawer}
          className="fixed inset-0 z-30 cursor-default bg-slate-950/50"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          title={title}
          sidebarId={sidebarId}
          showMenuButton={isMobile}
          drawerOpen={drawerOpen}
          menuButtonRef={menuButtonRef}
          onOpenDrawer={() => setDrawerRequested(true)}
          isDark={isDark}
          onToggleTheme={toggleTheme}
          onOpenProfile={() => setProfilePanel('profile')}
          onOpenSettings={() => setProfilePanel('settings')}
          onLogout={logOut}
        />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          {profilePanel ? <ProfilePanelFrame view={profilePanel} views={profilePanels} onClose={() => setProfilePanel(null)} /> : null}
          <div hidden={profilePanel !== null}>
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
