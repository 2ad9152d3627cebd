import { resolveErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from './dialog';

interface DeleteMutation {
  mutate: (id: string, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

interface ConfirmDeleteDialogProps<T extends { id: string }> {
  /** The item asked about; the dialog is closed while null. */
  item: T | null;
  onClose: () => void;
  title: string;
  description?: (item: T) => string;
  confirmLabel: string;
  cancelLabel: string;
  /** The delete (or revoke) mutation, called with the item's id. */
  mutation: DeleteMutation;
  /** Toasted on success. */
  doneText?: string;
  /** Toasted before the server's reason on failure, the dialog staying open for another try. Without it the
   * dialog closes on failure too, and the page shows the mutation's error itself. */
  failedText?: string;
  /** After a success, before the dialog closes (e.g. to close the item's detail). */
  onDeleted?: (item: T) => void;
}

/** "Delete this?" for one item of a list: asks, runs the mutation, says how it went and closes. */
export function ConfirmDeleteDialog<T extends { id: string }>({
  item,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel,
  mutation,
  doneText,
  failedText,
  onDeleted,
}: ConfirmDeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      description={item && description ? description(item) : undefined}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      busy={mutation.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!item) return;
        mutation.mutate(item.id, {
          onSuccess: () => {
            if (doneText) toast.success(doneText);
            onDeleted?.(item);
            onClose();
          },
          onError: (error) => {
            if (failedText) toast.error(`${failedText} ${resolveErrorMessage(error)}`);
            else onClose();
          },
        });
      }}
    />
  );
}
