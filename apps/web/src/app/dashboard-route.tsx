import { DueReportWatcher } from '@/features/due-diligence/components/due-report-watcher';
import InvitationNotifications from '@/features/bank/components/invitation-notifications';
import DashboardLayout from '@/layouts/dashboard-layout';
import type { ProfilePanels } from '@/layouts/profile-panel-frame';

/**
 * The dashboard layout with the watchers every signed-in page mounts (the layout imports no
 * feature; app/ wires them). One module for the router to load, so the layout and the watchers
 * come in one request, not three loaded one after the other.
 */
export default function DashboardRoute({ profilePanels }: { profilePanels: ProfilePanels }) {
  return (
    <>
      <InvitationNotifications />
      <DashboardLayout profilePanels={profilePanels} reportWatcher={DueReportWatcher} />
    </>
  );
}
