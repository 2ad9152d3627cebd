import { buildSubmenuRoute, type SubmenuItem, type SubmenuParent } from '@fueldesk/contracts';
import clsx from 'clsx';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { preloadRoute } from '@/lib/route-preload';
import { withTexts } from '@/lib/i18n';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/ui/logo';
import { getSidebarGroups, isEntryActive, type SidebarEntry } from './sidebar-config';
import type { SubitemDialogState } from './subitem-dialog';

// Opened by a click only: its code (the dialog, the form fields) is not part of the signed-in pages' first load.
// Its form's messages come with it (lib/i18n.ts withTexts).
const SubitemDialog = lazy(() => withTexts('forms', () => import('./subitem-dialog'))().then((module) => ({ default: module.SubitemDialog })));
import { useCustomSubmenus } from './use-custom-submenus';

export interface SidebarProps {
  id: string;
  /** Desktop choice; ignored in the mobile drawer, which is always full width. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  isMobile: boolean;
  drawerOpen: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate: () => void;
  restricted: boolean;
  planName: string;
  onLogout: () => void;
}

// A little tighter with a mouse (lg): every item, Releases included, fits a 1280×800 window.
const rowClassName = 'focus-ring flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors lg:py-1.5';

function linkClassName({ isActive }: { isActive: boolean }): string {
  return clsx(rowClassName, isActive ? 'bg-amber-500/15 text-amber-300' : 'text-slate-300 hover:bg-slate-800 hover:text-white');
}

export function Sidebar({
  id,
  collapsed,
  onToggleCollapsed,
  isMobile,
  drawerOpen,
  onNavigate,
  restricted,
  planName,
  onLogout,
}: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { state: submenus, addItem, renameItem, removeItem } = useCustomSubmenus();
  const [dialog, setDialog] = useState<SubitemDialogState | null>(null);
  const compact = collapsed && !isMobile;
  const groups = getSidebarGroups(restricted);

  const customItemsOf = (entry: SidebarEntry): SubmenuItem[] =>
    entry.submenuParent ? (submenus[entry.submenuParent] ?? []) : [];

  const [openEntries, setOpenEntries] = useState<ReadonlySet<string>>(() => {
    const active = groups.flatMap((group) =>
      group.entries.filter((entry) => {
        const routes = customItemsOf(entry).map((item) => buildSubmenuRoute(entry.submenuParent!, item));
        return entry.children && isEntryActive(entry, pathname, routes);
      }),
    );
    return new Set(active.map((entry) => entry.id));
  });

  const toggleEntry = (entryId: string) =>
    setOpenEntries((current) => {
      const next = new Set(current);
      if (next.has(entryId)) next.delete(entryId);
      else next.add(entryId);
      return next;
    });

  const openFromCompact = (entryId: string) => {
    setOpenEntries((current) => new Set(current).add(entryId));
    onToggleCollapsed();
  };


  const parentLabel = (parent: SubmenuParent) => t(`sidebar.items.${parent}`);
  // Touch screens have no hover, so in the drawer the rename and delete buttons always show. With a
  // mouse they take room only while the item is hovered or focused: hidden but there (opacity 0),
  // they cut a title such as "Rack prices Florida" short with room to spare.
  const itemActionClassName = clsx('focus-ring rounded p-1 text-slate-400', !isMobile && 'hidden group-focus-within:block group-hover:block');

  return (
    <aside
      id={id}
      aria-label={t('sidebar.label')}
      inert={isMobile && !drawerOpen}
      className={clsx(
        'flex flex-col bg-slate-900 text-slate-200 transition-all duration-200',
        isMobile
          ? ['fixed inset-y-0 left-0 z-40 w-64 shadow-2xl', drawerOpen ? 'translate-x-0' : '-translate-x-full']
          : ['sticky top-0 h-dvh shrink-0', compact ? 'w-20' : 'w-64'],
      )}
    >
      <div className={clsx('flex items-center gap-2 border-b border-slate-800 px-4 py-4', compact ? 'flex-col' : 'justify-between')}>
        <div className={clsx('flex min-w-0 flex-col gap-1', compact && 'items-center')}>
          <Logo compact={compact} className="text-white" />
          <div className="flex items-center gap-2 text-xs">
            <span className="rounded-full bg-amber-500 px-2 py-0.5 font-bold tracking-wide text-slate-950 uppercase">
              {t('sidebar.beta')}
            </span>
            <span className={clsx('truncate text-slate-400', compact && 'sr-only')}>
              {t('sidebar.plan', { plan: planName })}
            </span>
          </div>
        </div>
        {isMobile ? null : (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-controls={id}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
            className="focus-ring rounded-md p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white"
          >
            <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
          </button>
        )}
      </div>

      {/* The items and Log Out scroll together: a short window never hides the last items behind a fixed footer. */}
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        <nav aria-label={t('sidebar.navLabel')} className="px-3 py-3">
          {groups.map((group) => (
            <section key={group.id} aria-labelledby={`${id}-${group.id}`} className="mb-4 last:mb-0">
              <h2
                id={`${id}-${group.id}`}
                className={clsx('mb-1 px-3 text-xs font-semibold tracking-wider text-slate-400 uppercase', compact && 'sr-only')}
              >
                {t(group.labelKey)}
              </h2>
              <ul className="flex flex-col gap-1">
                {group.entries.map((entry) => {
                  const label = t(entry.labelKey);
                  if (entry.to) {
                    const to = entry.to;
                    return (
                      <li key={entry.id}>
                        <NavLink
                          to={to}
                          title={compact ? label : undefined}
                          onMouseEnter={() => preloadRoute(to)}
                          onFocus={() => preloadRoute(to)}
                          onClick={onNavigate}
                          className={(state) => clsx(linkClassName(state), compact && 'justify-center')}
                        >
                          <Icon name={entry.icon} className="size-5 shrink-0" />
                          <span className={clsx(compact && 'sr-only')}>{label}</span>
                        </NavLink>
                      </li>
                    );
                  }
                  const open = openEntries.has(entry.id) && !compact;
                  const listId = `${id}-${entry.id}-items`;
                  const parent = entry.submenuParent;
                  return (
                    <li key={entry.id}>
                      <button
                        type="button"
                        title={compact ? label : undefined}
                        aria-expanded={open}
                        aria-controls={open ? listId : undefined}
                        onClick={() => (compact ? openFromCompact(entry.id) : toggleEntry(entry.id))}
                        className={clsx(rowClassName, 'text-slate-300 hover:bg-slate-800 hover:text-white', compact && 'justify-center')}
                      >
                        <Icon name={entry.icon} className="size-5 shrink-0" />
                        <span className={clsx('flex-1 text-left', compact && 'sr-only')}>{label}</span>
                        {compact ? null : (
                          <Icon name="chevronDown" className={clsx('size-4 transition-transform', open && 'rotate-180')} />
                        )}
                      </button>
                      {open ? (
                        <ul id={listId} className="mt-1 ml-5 flex flex-col gap-0.5 border-l border-slate-800 pl-3">
                          {entry.children?.map((child) => (
                            <li key={child.id}>
                              <NavLink
                                to={child.to}
                                end
                                onMouseEnter={() => preloadRoute(child.to)}
                                onFocus={() => preloadRoute(child.to)}
                                onClick={onNavigate}
                                className={(state) => clsx(linkClassName(state), 'py-1.5')}
                              >
                                {t(child.labelKey)}
                              </NavLink>
                            </li>
                          ))}
                          {parent
                            ? customItemsOf(entry).map((item) => {
                                const route = buildSubmenuRoute(parent, item);
                                return (
                                  <li key={item.id} className="group flex items-center gap-1">
                                    <NavLink
                                      to={route}
                                      end
                                      onMouseEnter={() => preloadRoute(route)}
                                      onFocus={() => preloadRoute(route)}
                                      onClick={onNavigate}
                                      className={(state) => clsx(linkClassName(state), 'min-w-0 flex-1 py-1.5')}
                                    >
                                      <span className="min-w-0 break-words">{item.title}</span>
                                    </NavLink>
                                    <button
                                      type="button"
                                      aria-label={t('submenu.renameItem', { title: item.title })}
                                      onClick={() => setDialog({ mode: 'rename', parent, itemId: item.id, title: item.title })}
                                      className={clsx(itemActionClassName, 'hover:text-white')}
                                    >
                                      <Icon name="pencil" className="size-4" />
                                    </button>
                                    <button
                                      type="button"
                                      aria-label={t('submenu.deleteItem', { title: item.title })}
                                      onClick={() => removeItem(parent, item.id)}
                                      className={clsx(itemActionClassName, 'hover:text-red-400')}
                                    >
                                      <Icon name="trash" className="size-4" />
                                    </button>
                                  </li>
                                );
                              })
                            : null}
                          {parent ? (
                            <li>
                              <button
                                type="button"
                                aria-label={t('submenu.addTo', { parent: label })}
                                onClick={() => setDialog({ mode: 'add', parent })}
                                className={clsx(rowClassName, 'py-1.5 text-slate-400 hover:bg-slate-800 hover:text-white')}
                              >
                                <Icon name="plus" className="size-4" />
                                <span>{t('submenu.add')}</span>
                              </button>
                            </li>
                          ) : null}
                        </ul>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </nav>

        <div className="mt-auto border-t border-slate-800 p-3">
          <button
            type="button"
            onClick={onLogout}
            title={compact ? t('sidebar.logout') : undefined}
            className={clsx(rowClassName, 'text-slate-300 hover:bg-slate-800 hover:text-white', compact && 'justify-center')}
          >
            <Icon name="logout" className="size-5 shrink-0" />
            <span className={clsx(compact && 'sr-only')}>{t('sidebar.logout')}</span>
          </button>
        </div>
      </div>

      {dialog ? (
        <Suspense fallback={null}>
        <SubitemDialog
          key={dialog.mode === 'rename' ? dialog.itemId : dialog.parent}
          state={dialog}
          parentLabel={parentLabel(dialog.parent)}
          onClose={() => setDialog(null)}
          onSubmit={(draft) => {
            if (dialog.mode === 'rename') return renameItem(dialog.parent, dialog.itemId, draft.title);
            const result = addItem(dialog.parent, draft);
            if (result.ok) setOpenEntries((current) => new Set(current).add(dialog.parent));
            return result.ok ? null : result.error;
          }}
        />
        </Suspense>
      ) : null}
    </aside>
  );
}
