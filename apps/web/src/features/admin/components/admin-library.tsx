import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIBRARY_MAX_BYTES,
  libraryDocumentEditSchema,
  rule,
  type AdminLibraryDocument,
  type Locale,
} from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { serverMessageOr, useMessageText, validate } from '../../../lib/auth/form-errors';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useFormValues, useSaveForm } from '../../../lib/use-save-form';
import { adminLibraryQuery, editLibraryDocument, replaceLibraryFile } from '../api/admin-public-data';
import { AdminPage, type AdminEditDialogProps, dialogLabels } from './admin-page';
import { labelOf } from './register-editor';

/** The library's volumes: progress of a background indexing job, edit text, replace the PDF. */
export function AdminLibrary() {
  const { t, i18n } = useTranslation('admin-data');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const queryClient = useQueryClient();
  const list = useQuery(adminLibraryQuery());
  const [editing, setEditing] = useState<AdminLibraryDocument | null>(null);
  const [replacing, setReplacing] = useState<AdminLibraryDocument | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const n = (v: number) => formatNumber(v, locale);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'library'] });
  const docs = list.data?.data ?? [];

  return (
    <AdminPage title={t('library.title')} intro={t('library.intro')}>
      {notice && (
        <Alert variant="success" dismissLabel={t('close')} onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {list.isPending && <LoadingBlock label={t('loading')} />}
      {list.isError && (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
      )}
      {list.isSuccess && docs.length === 0 && <EmptyBlock>{t('empty')}</EmptyBlock>}
      <ul className="grid gap-4 md:grid-cols-2">
        {docs.map((doc) => (
          <li key={doc.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold text-slate-900">{doc.title}</h2>
            <p className="text-sm text-slate-700">{doc.description}</p>
            <p className="text-sm text-slate-700">
              {t('libraryPages', { count: doc.page_count, n: n(doc.page_count) })}
              {doc.indexed_at && <> · {t('libraryIndexedAt', { when: formatDateTime(doc.indexed_at, locale) })}</>}
            </p>
            <div aria-live="polite">
              {doc.index_state === 'indexing' && (
                <div className="space-y-1">
                  <p className="text-sm font-semibold text-blue-900">
                    {doc.index_total > 0
                      ? t('libraryIndexing', { done: n(doc.index_done), total: n(doc.index_total) })
                      : t('libraryIndexingStart')}
                  </p>
                  <progress
                    className="h-2 w-full"
                    max={Math.max(1, doc.index_total)}
                    value={doc.index_done}
                    aria-label={t('libraryProgress', { name: doc.title })}
                  />
                </div>
              )}
              {doc.index_state === 'failed' && <StatusBadge color="red">{t('libraryFailed')}</StatusBadge>}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('editNamed', { name: doc.title })}
                onClick={() => setEditing(doc)}
              >
                {t('edit')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={doc.index_state === 'indexing'}
                aria-label={t('libraryReplaceNamed', { name: doc.title })}
                onClick={() => setReplacing(doc)}
              >
                {t('libraryReplace')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <EditDialog
          doc={editing}
          locale={locale}
          onClose={() => setEditing(null)}
          onSaved={(title) => {
            setEditing(null);
            setNotice(t('saved', { name: title }));
            void refresh();
          }}
        />
      )}
      {replacing && (
        <ReplaceDialog
          doc={replacing}
          onClose={() => setReplacing(null)}
          onSent={() => {
            setReplacing(null);
            setNotice(t('libraryReplaced', { name: replacing.title }));
            void refresh();
          }}
        />
      )}
    </AdminPage>
  );
}

function EditDialog({ doc, locale, onClose, onSaved }: AdminEditDialogProps & { doc: AdminLibraryDocument }) {
  const { t } = useTranslation('admin-data');
  const { errors, setErrors, failure, saving, run } = useSaveForm(t('saveFailed'));
  const { values, bind } = useFormValues({ title: doc.title, description: doc.description }, errors);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = validate(libraryDocumentEditSchema, values);
    if (found) return setErrors(found);
    setErrors({});
    await run(async () => {
      await editLibraryDocument(doc.id, values);
      onSaved(values.title.trim());
    });
  }

  return (
    <FormDialog
      title={t('editTitle', { name: doc.title })}
      formId="library-edit"
      onClose={onClose}
      onSubmit={(e) => void save(e)}
      saving={saving}
      failure={failure}
      labels={dialogLabels(t)}
    >
      <TextField label={labelOf('title', locale)} {...bind('title')} />
      <TextAreaField label={labelOf('description', locale)} {...bind('description')} />
    </FormDialog>
  );
}

function ReplaceDialog({
  doc,
  onClose,
  onSent,
}: {
  doc: AdminLibraryDocument;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t, i18n } = useTranslation('admin-data');
  const text = useMessageText();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';

  async function send(e: FormEvent) {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError(text(rule('required', 'file')));
    if (file.size > LIBRARY_MAX_BYTES) return setError(text(rule('pdf_too_large', 'file', 100)));
    setError(undefined);
    setSending(true);
    try {
      await replaceLibraryFile(doc.id, file);
      onSent();
    } catch (err) {
      if (err instanceof ApiError && err.errors) setError(text(Object.values(err.errors).flat()[0]));
      else setError(serverMessageOr(err, t('saveFailed')));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('libraryReplaceNamed', { name: doc.title })}
      description={t('libraryReplaceHint')}
      closeLabel={t('close')}
      dismissible={!sending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="library-file" loading={sending} busyText={t('libraryUploading')}>
            {t('libraryUpload')}
          </Button>
        </>
      }
    >
      <form id="library-file" noValidate onSubmit={(e) => void send(e)}>
        <TextField
          ref={input}
          type="file"
          name="file"
          accept="application/pdf,.pdf"
          label={labelOf('file', locale)}
          hint={t('libraryFileHint')}
          error={error}
        />
      </form>
    </Dialog>
  );
}
