import { useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmLabels {
  cancel: string;
  close: string;
  busy: string;
}

/**
 * Asks before an act that matters (retire, delete, countersign, approve): says what will
 * happen and what cannot be undone. An accessible modal: focus starts on Cancel, Escape
 * cancels, focus returns to the button that opened it. `tone` is `danger` for acts that
 * remove something, `primary` for final acts that go forward. A second step in the same
 * flow (a second factor, say) can be shown inside as `children` or after `onConfirm`.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  labels,
  busy,
  tone = 'danger',
  error,
  onConfirm,
  onCancel,
}: {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  labels: ConfirmLabels;
  busy: boolean;
  tone?: 'danger' | 'primary';
  /** Why the act failed, shown in the dialog so the person can try again or cancel. */
  error?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onClose={onCancel}
      title={title}
      closeLabel={labels.close}
      size="sm"
      dismissible={!busy}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {labels.cancel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy} busyText={labels.busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && (
        <p role="alert" className="mt-3 font-medium text-red-800">
          {error}
        </p>
      )}
    </Dialog>
  );
}
