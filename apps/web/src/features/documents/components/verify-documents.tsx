import { useId, useState } from 'react';
import type { Locale } from '@hpbc/shared';
import { DISCIPLINE_TITLES } from '@hpbc/shared/counterpart-review-terms';
import { Alert } from '../../../components/ui/alert';
import { FileButton } from '../../../components/ui/file-button';
import { Spinner } from '../../../components/ui/spinner';
import { Panel } from '../../../components/ui/panel';
import { useTranslation } from '../../../lib/translation';
import { checkCopy, sha256Hex, type VerifiedDocument, type VerifyDocument } from '../api/documents';

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | {
      state: 'done';
      hash: string;
      match: VerifiedDocument | null;
    }
  | { state: 'failed' };

/**
 * On /verify/{reference} (public): the approved sheets, and the check of a PDF someone holds.
 * The file is hashed in the browser (crypto.subtle); only its SHA-256 goes to the server
 * (GET /api/verify/{reference}/documents/{sha256}). No pdf.js here: this is a public page.
 */
export function VerifyDocuments({
  reference,
  documents,
  locale,
}: {
  reference: string;
  documents: VerifyDocument[];
  locale: Locale;
}) {
  const { t } = useTranslation('documents');
  const fileId = useId();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [fileName, setFileName] = useState<string | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    setCheck({ state: 'checking' });
    try {
      const hash = await sha256Hex(file);
      const match = await checkCopy(reference, hash);
      setCheck({ state: 'done', hash, match });
    } catch {
      setCheck({ state: 'failed' });
    }
  }

  return (
    <Panel headingId="verify-documents" title={t('verify.title')} intro={t('verify.intro')} space={4}>
      {documents.length === 0 ? (
        <p className="text-slate-700">{t('verify.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="approved-sheets">
          {documents.map((d) => (
            <li key={`${d.discipline}-${d.number}`} className="py-2">
              <p className="font-semibold text-slate-900">
                <span className="font-mono">{d.number}</span> · {d.title}{' '}
                <span className="font-normal text-slate-700">
                  ({t('list.revision', { revision: d.revision })}, {DISCIPLINE_TITLES[d.discipline][locale]})
                </span>
              </p>
              <details className="text-sm text-slate-700">
                <summary className="cursor-pointer">{t('verify.hashes')}</summary>
                <p className="font-mono break-all">{d.sha256}</p>
                {d.approved_sha256 && <p className="font-mono break-all">{d.approved_sha256}</p>}
              </details>
            </li>
          ))}
        </ul>
      )}
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">{t('verify.checkTitle')}</h3>
        <p className="text-sm text-slate-700">{t('verify.checkIntro')}</p>
        <label id={`${fileId}-label`} htmlFor={fileId} className="block font-semibold text-slate-900">
          {t('verify.checkFile')}
        </label>
        <FileButton
          id={fileId}
          labelledBy={`${fileId}-label`}
          accept="application/pdf,.pdf"
          buttonLabel={t('verify.chooseFile')}
          chosen={fileName ? t('verify.fileChosen', { name: fileName }) : t('verify.noFileChosen')}
          onFile={(file) => void onFile(file ?? undefined)}
          testId="verify-file"
          chosenTestId="verify-file-name"
        />
        <div aria-live="polite" data-testid="verify-result">
          {check.state === 'checking' && <Spinner label={t('verify.checking')} size="sm" />}
          {check.state === 'failed' && <Alert variant="error">{t('verify.failed')}</Alert>}
          {check.state === 'done' && (
            <Alert variant={check.match ? 'success' : 'warning'}>
              <p>
                {check.match
                  ? t('verify.match', {
                      number: check.match.number,
                      title: check.match.title,
                      revision: check.match.revision,
                      discipline: DISCIPLINE_TITLES[check.match.discipline][locale],
                    })
                  : t('verify.noMatch')}
              </p>
              <p className="mt-1 font-mono text-xs break-all">{t('verify.fingerprint', { hash: check.hash })}</p>
            </Alert>
          )}
        </div>
      </div>
    </Panel>
  );
}
