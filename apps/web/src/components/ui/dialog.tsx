import * as RadixDialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './button';
import { Icon } from './icon';

type DialogSize = 'form' | 'document';

const looks: Record<DialogSize, { frame: string; overlay: string; panel: string; header: string; close: string }> = {
  form: {
    frame: 'p-4',
    overlay: 'bg-slate-950/50',
    panel: 'w-full max-w-md rounded-xl bg-white p-6 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100',
    header: 'mb-4 flex items-start justify-between gap-4',
    close: 'p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800',
  },
  document: {
    frame: 'p-2 sm:p-6',
    overlay: 'bg-slate-950/60',
    panel: 'flex max-h-full w-full max-w-4xl flex-col overflow-hidden rounded-xl bg-white text-slate-900 shadow-xl',
    header: 'flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3',
    close: 'p-1.5 text-slate-600 hover:bg-slate-100',
  },
};

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Links or buttons shown in the header before the close button. */
  actions?: ReactNode;
  /** Accessible name of the close button; the common "Close dialog" by default. */
  closeLabel?: string;
  /** `form`: a small card with padding; `document`: a wide frame with a header bar (PDF viewer). */
  size?: DialogSize;
  /** What gets focus on open: the first field (else the first focusable element), or the close button. */
  initialFocus?: 'field' | 'close';
}

const FIELD = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The one dialog of the app, on Radix Dialog: labelled by its title, Escape and a click outside
 * close it, Tab stays inside (also when focus leaves an iframe), focus returns to the opener.
 */
export function Dialog({ open, onClose, title, description, children, actions, closeLabel, size = 'form', initialFocus = 'field' }: DialogProps) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const look = looks[size];
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <div className={clsx('fixed inset-0 z-50 flex items-center justify-center', look.frame)}>
          <RadixDialog.Overlay className={clsx('absolute inset-0', look.overlay)} />
          <RadixDialog.Content
            className={clsx('relative', look.panel)}
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              const target = initialFocus === 'close' ? closeRef.current : (event.currentTarget as HTMLElement).querySelector<HTMLElement>(FIELD);
              if (target) {
                event.preventDefault();
                target.focus();
              }
            }}
            onCloseAutoFocus={(event) => {
              // No Radix trigger here: the opener is whatever had focus when the dialog opened.
              if (openerRef.current?.isConnected) {
                event.preventDefault();
                openerRef.current.focus();
              }
            }}
          >
            <div className={look.header}>
              <div>
                <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
                {description ? (
                  <RadixDialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</RadixDialog.Description>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                {actions}
                <RadixDialog.Close ref={closeRef} aria-label={closeLabel ?? t('actions.closeDialog')} className={clsx('focus-ring rounded-md', look.close)}>
                  <Icon name="close" />
                </RadixDialog.Close>
              </div>
            </div>
            {children}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Disables the confirm button while the action runs. */
  busy?: boolean;
  gap?: 'gap-2' | 'gap-3';
}

/** A yes/no question before a destructive action (delete, revoke). */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, onConfirm, onCancel, busy, gap = 'gap-2' }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description}>
      <DialogActions cancelLabel={cancelLabel} onCancel={onCancel} actionLabel={confirmLabel} onAction={onConfirm} variant="danger" busy={busy} gap={gap} />
    </Dialog>
  );
}

interface DialogActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  actionLabel: string;
  /** Without it the action is the dialog form's submit button. */
  onAction?: () => void;
  variant?: ButtonVariant;
  /** Disables the action while it runs. */
  busy?: boolean;
  gap?: 'gap-2' | 'gap-3';
}

/** The end of a dialog: Cancel, then its action (a form's submit or a confirm button). */
export function DialogActions({ cancelLabel, onCancel, actionLabel, onAction, variant = 'primary', busy, gap = 'gap-2' }: DialogActionsProps) {
  return (
    <div className={clsx('flex justify-end', gap)}>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type={onAction ? 'button' : 'submit'} variant={variant} disabled={busy} onClick={onAction}>
        {actionLabel}
      </Button>
    </div>
  );
}
