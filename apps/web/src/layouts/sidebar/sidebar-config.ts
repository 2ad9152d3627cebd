import type { SubmenuParent } from '@fueldesk/contracts';
import type { IconName } from '@/components/ui/icon';
import type { DueDiligenceSelection } from '@/lib/due-diligence-selection';

export interface SidebarLink {
  id: string;
  labelKey: string;
  to: string;
  /** Marks a Due Diligence sub-item: selecting it is stored and broadcast. */
  dueDiligence?: DueDiligenceSelection;
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

/** Groups and items of SPEC.md §2 "Sidebar groups". */
export const sidebarGroups: SidebarGroup[] = [
  {
    id: 'main',
    labelKey: 'sidebar.groups.main',
    entries: [
      {
        id: 'home',
        labelKey: 'sidebar.items.home',
        icon: 'home',
        submenuParent: 'home',
        children: [{ id: 'summary', labelKey: 'sidebar.items.summary', to: '/home' }],
      },
      {
        id: 'news',
        labelKey: 'sidebar.items.news',
        icon: 'news',
        submenuParent: 'news',
        children: [{ id: 'allNews', labelKey: 'sidebar.items.allNews', to: '/news' }],
      },
      {
        id: 'marketPrice',
        labelKey: 'sidebar.items.marketPrice',
        icon: 'chart',
        submenuParent: 'marketPrice',
        children: [
          { id: 'allPrices', labelKey: 'sidebar.items.allPrices', to: '/marketprice' },
          { id: 'graphics', labelKey: 'sidebar.items.graphics', to: '/marketprice/graphics' },
        ],
      },
    ],
  },
  {
    id: 'operations',
    labelKey: 'sidebar.groups.operations',
    entries: [
      {
        id: 'bank',
        labelKey: 'sidebar.items.bank',
        icon: 'bank',
        submenuParent: 'bank',
        children: [
          { id: 'verification', labelKey: 'sidebar.items.verification', to: '/bank/verification' },
          { id: 'sendEmail', labelKey: 'sidebar.items.sendEmail', to: '/bank/send-email' },
          { id: 'wallet', labelKey: 'sidebar.items.wallet', to: '/wallet' },
        ],
      },
      {
        id: 'dueDiligence',
        labelKey: 'sidebar.items.dueDiligence',
        icon: 'shield',
        children: [
          { id: 'create', labelKey: 'sidebar.items.create', to: '/due-diligence/create', dueDiligence: 'create' },
          { id: 'overview', labelKey: 'sidebar.items.overview', to: '/due-diligence', dueDiligence: 'overview' },
          { id: 'screening', labelKey: 'sidebar.items.screening', to: '/due-diligence/screening' },
        ],
      },
      { id: 'transaction', labelKey: 'sidebar.items.transaction', icon: 'transaction', to: '/transactions' },
    ],
  },
  {
    id: 'history',
    labelKey: 'sidebar.groups.history',
    entries: [
      { id: 'certificate', labelKey: 'sidebar.items.certificate', icon: 'certificate', to: '/certificate' },
      { id: 'portfolio', labelKey: 'sidebar.items.portfolio', icon: 'portfolio', to: '/portfolio' },
    ],
  },
  {
    id: 'help',
    labelKey: 'sidebar.groups.help',
    entries: [
      { id: 'support', labelKey: 'sidebar.items.support', icon: 'support', to: '/support' },
      { id: 'releases', labelKey: 'sidebar.items.releases', icon: 'releases', to: '/releases' },
    ],
  },
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
