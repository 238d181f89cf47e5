import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, type DialogProps } from './dialog';

export interface FormDialogLabels {
  close: string;
  cancel: string;
  save: string;
  saving: string;
}

interface FormDialogProps {
  title: ReactNode;
  /** The form's id, which the Save button in the footer submits. */
  formId: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  /** A failure that belongs to no field, shown above the fields. */
  failure: string | null;
  labels: FormDialogLabels;
  size?: DialogProps['size'];
  children: ReactNode;
}

/**
 * A dialog around one form with Cancel and Save: a click outside does not close it (the
 * typing would be lost), and Cancel is off while saving.
 */
export function FormDialog({
  title,
  formId,
  onClose,
  onSubmit,
  saving,
  failure,
  labels,
  size,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      size={size}
      title={title}
      closeLabel={labels.close}
      dismissible={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {labels.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving} busyText={labels.saving}>
            {labels.save}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        {children}
      </form>
    </Dialog>
  );
}
