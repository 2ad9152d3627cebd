import type { ComponentType } from 'react';
import { NotBuiltPage } from '@/components/ui/not-built-page';
import type { AccountViewProps } from './account-view-props';

/** The settings screen, shown by the dashboard layout over the page content (not a route). */
const SettingsView: ComponentType<AccountViewProps> = function SettingsView() {
  return <NotBuiltPage titleKey="sections.settings" />;
};

export default SettingsView;
