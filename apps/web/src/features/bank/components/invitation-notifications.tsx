import { useInvitationNotifications } from '../api/use-invitation-notifications';

/** Mounted with the dashboard (by app/), so the inviter hears about invitations on every page. */
export default function InvitationNotifications() {
  useInvitationNotifications();
  return null;
}
