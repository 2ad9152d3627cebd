// The header's two menus (Radix DropdownMenu and Popover, with Floating UI under them: ~25 KiB of
// the dashboard chunk on the wire): loaded after the page's first paint (header.tsx), not before it.
export { NotificationsMenu } from './notifications-menu';
export { UserMenu } from './user-menu';
