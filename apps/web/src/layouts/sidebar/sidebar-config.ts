import type { SubmenuParent } from '@fueldesk/contracts';
import type { IconName } from '@/components/ui/icon';

export interface SidebarLink {
  id: string;
  labelKey: string;
  to: string;
}

export interface SidebarEntry {
  id: string;
  labelKey: string;
  icon: IconName;
  /** A leaf entry links here; an entry with children only expands. */
  to?: string;
  children?: SidebarLink[];
  /** Set where the user may add custom sub-items. */
  submenuParent?: SubmenuParent;
}

export interface SidebarGroup {
  id: string;
  labelKey: string;
  entries: SidebarEntry[];
}

// Every label is the entry's id under sidebar.items (groups: sidebar.groups).
const link = (id: string, to: string): SidebarLink => ({ id, labelKey: `sidebar.items.${id}`, to });
const page = (id: string, icon: IconName, to: string): SidebarEntry => ({ id, labelKey: `sidebar.items.${id}`, icon, to });
const menu = (id: string, icon: IconName, children: SidebarLink[]): SidebarEntry => ({ id, labelKey: `sidebar.items.${id}`, icon, children });
/** A menu the user may add custom sub-items to. */
const customMenu = (id: SubmenuParent, icon: IconName, children: SidebarLink[]): SidebarEntry => ({ ...menu(id, icon, children), submenuParent: id });
const group = (id: string, entries: SidebarEntry[]): SidebarGroup => ({ id, labelKey: `sidebar.groups.${id}`, entries });

/** Groups and items of SPEC.md §2 "Sidebar groups". */
export const sidebarGroups: SidebarGroup[] = [
  group('main', [
    customMenu('home', 'home', [link('summary', '/home')]),
    customMenu('news', 'news', [link('allNews', '/news')]),
    customMenu('marketPrice', 'chart', [link('allPrices', '/marketprice'), link('graphics', '/marketprice/graphics'), link('priceAlerts', '/marketprice/alerts')]),
  ]),
  group('operations', [
    customMenu('bank', 'bank', [link('verification', '/bank/verification'), link('sendEmail', '/bank/send-email'), link('wallet', '/wallet')]),
    menu('dueDiligence', 'shield', [
      link('create', '/due-diligence/create'),
      link('overview', '/due-diligence'),
      link('screening', '/due-diligence/screening'),
      link('decisions', '/due-diligence/decisions'),
      link('watchlist', '/due-diligence/watchlist'),
    ]),
    page('transaction', 'transaction', '/transactions'),
  ]),
  group('history', [page('certificate', 'certificate', '/certificate'), page('portfolio', 'portfolio', '/portfolio')]),
  group('help', [page('support', 'support', '/support'), page('releases', 'releases', '/releases')]),
];

/** A cliente who is not superadmin sees only Operations > Bank > Verification (SPEC.md §6). */
export function getSidebarGroups(restricted: boolean): SidebarGroup[] {
  if (!restricted) return sidebarGroups;
  return sidebarGroups
    .filter((group) => group.id === 'operations')
    .map((group) => ({
      ...group,
      entries: group.entries
        .filter((entry) => entry.id === 'bank')
        .map(({ submenuParent: _dropped, ...entry }) => ({
          ...entry,
          children: entry.children?.filter((child) => child.id === 'verification'),
        })),
    }));
}

/** Whether an entry's own links or custom items contain the current path (to open it initially). */
export function isEntryActive(entry: SidebarEntry, pathname: string, customRoutes: readonly string[]): boolean {
  const path = pathname.toLowerCase();
  const links = [...(entry.children?.map((child) => child.to) ?? []), ...customRoutes, ...(entry.to ? [entry.to] : [])];
  return links.some((link) => path === link.toLowerCase() || path.startsWith(`${link.toLowerCase()}/`));
}
