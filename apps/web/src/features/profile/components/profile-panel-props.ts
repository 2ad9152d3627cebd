/** What the dashboard layout passes to the Profile and Settings views. */
export interface ProfilePanelProps {
  /** Closes the view and shows the page underneath again. */
  onClose: () => void;
}
