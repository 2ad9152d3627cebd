import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Full-width primary submit that shows a spinner and stays disabled while the request runs. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" disabled={busy} aria-busy={busy} className="w-full py-2.5">
      {busy ? <Spinner className="size-4" /> : null}
      {busy ? busyLabel : label}
    </Button>
  );
}
