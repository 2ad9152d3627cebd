import type { ComponentType } from 'react';
import { NotBuiltPage } from '@/components/ui/not-built-page';
import type { AccountViewProps } from './account-view-props';

/** The profile screen, shown by the dashboard layout over the page content (not a route). */
const ProfileView: ComponentType<AccountViewProps> = function ProfileView() {
  return <NotBuiltPage titleKey="sections.profile" />;
};

export default ProfileView;
