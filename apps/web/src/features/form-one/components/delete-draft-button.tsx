import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { deleteRegistration, registrationKeys } from '../api/registrations';
import { clearLocalDraft, readLocalDraft } from '../local-draft';

interface DeleteDraftButtonProps {
  id: number;
  /** The draft's project name (or "Untitled project"), for the button's name and the question. */
  name: string;
  /** Called once the draft is gone, with the message to show; the row disappears with it. */
  onDeleted: (message: string) => void;
}

/**
 * Deletes an unsubmitted Form One draft after asking. Submitted registrations cannot be
 * deleted (the server answers 409), so this is only offered for drafts.
 */
export function DeleteDraftButton({ id, name, onDeleted }: DeleteDraftButtonProps) {
  const { t } = useTranslation('form-one');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const mutation = useMutation({
    mutationFn: () => deleteRegistration(id),
    onSuccess: async () => {
      // The browser's copy of this draft would otherwise bring it back on the next visit to the form.
      if (readLocalDraft()?.draftId === id) clearLocalDraft();
      setOpen(false);
      onDeleted(t('area.deleted', { name }));
      await queryClient.invalidateQueries({ queryKey: registrationKeys.all });
    },
    onError: async (error) => {
      // Gone already (another tab) or submitted meanwhile: the list is out of date, so refresh it.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409))
        await queryClient.invalidateQueries({ queryKey: registrationKeys.all });
    },
  });

  function close() {
    if (mutation.isPending) return;
    mutation.reset();
    setOpen(false);
  }

  const failure =
    mutation.error instanceof ApiError && mutation.error.status === 409
      ? t('area.deleteSubmitted')
      : mutation.error instanceof ApiError && mutation.error.status === 404
        ? t('area.deleteGone')
        : mutation.error
          ? t('area.deleteFailed')
          : null;

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0 text-red-800"
        aria-label={t('area.deleteNamed', { name })}
        onClick={() => setOpen(true)}
      >
        {t('area.delete')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        size="sm"
        dismissible={!mutation.isPending}
        title={t('area.deleteTitle')}
        description={t('area.deleteQuestion', { name })}
        closeLabel={t('area.deleteClose')}
        initialFocusRef={cancelRef}
        footer={
          <>
            <Button ref={cancelRef} variant="secondary" onClick={close} disabled={mutation.isPending}>
              {t('area.deleteCancel')}
            </Button>
            <Button
              variant="danger"
              loading={mutation.isPending}
              busyText={t('area.deleting')}
              onClick={() => mutation.mutate()}
            >
              {t('area.deleteConfirm')}
            </Button>
          </>
        }
      >
        {failure ? (
          <Alert variant="error" title={failure} />
        ) : (
          <p className="text-slate-700">{t('area.deleteWarning')}</p>
        )}
      </Dialog>
    </>
  );
}
