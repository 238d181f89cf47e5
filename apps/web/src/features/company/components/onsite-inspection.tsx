import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CHECKLIST_RESULTS, type ChecklistResult, type InspectionOutcome } from '@hpbc/shared';
import { useTranslation } from '../../../lib/translation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyBlock, LoadingBlock } from '../../../components/ui/load-states';
import { TextAreaField } from '../../../components/ui/text-field';
import { FieldHint } from '../../../components/ui/field-parts';
import { FileButton } from '../../../components/ui/file-button';
import { Panel } from '../../../components/ui/panel';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StepUpCancelled, useLegalAct } from '../../../components/two-factor/step-up-dialog';
import { newKey, onsiteDb, type Draft, type NewOutboxEntry, type OutboxEntry } from '../offline/onsite-db';
import { takePhoto } from '../offline/photo';
import { sendEntry, sendWaiting, settle } from '../offline/sync';
import { useOnsite, useOwner } from '../offline/use-onsite';
import { registerInspectorApp } from '../offline/service-worker';
import { keepTheDay } from '../api/onsite';
import { CompanyPage, linkClasses } from './company-page';
import { OutboxStatus } from './outbox-status';
import { ResultFields } from './result-fields';

type Answers = Draft['answers'];

/** A queued photo's picture, from the resized copy kept on the phone. */
function QueuedThumb({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={alt} className="h-24 w-32 rounded border border-slate-300 object-cover" />;
}

/**
 * /user/company/onsite/:id: one inspection on site. The checklist, photos and result are kept
 * on the phone as they are recorded and sent when there is a connection (decision 098); the
 * answers being typed are kept at every change.
 */
export function OnsiteInspectionPage() {
  const { t, i18n } = useTranslation('company');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const id = Number(useParams().id);
  const owner = useOwner();
  const { online, day, outbox } = useOnsite(owner);
  const legal = useLegalAct();
  const [answers, setAnswers] = useState<Answers>({});
  const [outcome, setOutcome] = useState<InspectionOutcome | ''>('');
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [taking, setTaking] = useState(false);
  const draftLoaded = useRef(false);

  useEffect(() => registerInspectorApp(), []);

  // Once what was recorded here has been sent, the kept day is brought up to date (the result closes the inspection).
  const sentSinceKept = outbox.some(
    (e) => e.inspection_id === id && e.state === 'sent' && day && (e.sent_at ?? '') > day.saved_at,
  );
  const stillWaiting = outbox.some((e) => e.inspection_id === id && (e.state === 'waiting' || e.state === 'sending'));
  useEffect(() => {
    if (!online || owner === null || !sentSinceKept || stillWaiting) return;
    const timer = setTimeout(() => void keepTheDay(owner).catch(() => undefined), 0);
    return () => clearTimeout(timer);
  }, [online, owner, sentSinceKept, stillWaiting]);

  const found =
    (day?.registrations ?? [])
      .map((r) => ({ registration: r, inspection: r.inspections.find((x) => x.id === id) }))
      .find((x) => x.inspection !== undefined) ?? null;
  const items = (day?.checklists ?? []).filter((c) => c.kind === found?.inspection?.kind);
  const record = day?.records[id];
  const mine = outbox.filter((e) => e.inspection_id === id);
  useDocumentTitle(
    found?.inspection
      ? t('onsite.inspectionOf', { kind: t(`kind.${found.inspection.kind}`), project: found.registration.project_name })
      : t('onsite.dayTitle'),
  );

  // The draft comes back first: what was typed before a reload or a closed tab.
  useEffect(() => {
    // After the kept day is read, so a recorded checklist can fill the answers when there is no draft.
    if (owner === null || day === undefined || draftLoaded.current) return;
    void onsiteDb.drafts.get(`${owner}:${id}`).then((d) => {
      draftLoaded.current = true;
      if (d) {
        setAnswers(d.answers);
        setOutcome(d.outcome);
        setRemarks(d.remarks);
      } else if (record?.checklist) {
        setAnswers(
          Object.fromEntries(record.checklist.map((c) => [c.item_id, { result: c.result, note: c.note ?? '' }])),
        );
      }
    });
  }, [owner, id, record, day]);
  function keep(next: { answers?: Answers; outcome?: InspectionOutcome | ''; remarks?: string }) {
    if (owner === null) return;
    const draft: Draft = {
      id: `${owner}:${id}`,
      owner,
      inspection_id: id,
      answers: next.answers ?? answers,
      outcome: next.outcome ?? outcome,
      remarks: next.remarks ?? remarks,
    };
    void onsiteDb.drafts.put(draft);
  }
  const answer = (itemId: number, change: Partial<Answers[number]>) => {
    const next = { ...answers, [itemId]: { result: '' as const, note: '', ...answers[itemId], ...change } };
    setAnswers(next);
    keep({ answers: next });
  };

  async function queue(entry: NewOutboxEntry) {
    if (owner === null) return;
    await onsiteDb.outbox.add({
      ...entry,
      owner,
      inspection_id: id,
      key: newKey(entry.kind),
      state: 'waiting',
      created_at: new Date().toISOString(),
      tries: 0,
    } as OutboxEntry);
    if (navigator.onLine) void sendWaiting(owner);
  }

  async function recordChecklist(e: React.FormEvent) {
    e.preventDefault();
    const missing = items.filter((i) => !answers[i.id]?.result);
    if (missing.length > 0) {
      setErrors({ checklist: t('onsite.answerAll', { count: missing.length }) });
      return;
    }
    setErrors({});
    await queue({
      kind: 'checklist',
      body: {
        items: items.map((i) => ({
          item_id: i.id,
          result: answers[i.id]!.result as ChecklistResult,
          note: answers[i.id]!.note.trim() || null,
        })),
      },
    });
    setNotice(t('onsite.checklistKept'));
  }

  async function addPhotos(files: File[]) {
    if (files.length === 0) return;
    setTaking(true);
    try {
      for (const file of files) {
        const photo = await takePhoto(file);
        await queue({ kind: 'photo', photo });
      }
      setNotice(t('onsite.photosKept', { count: files.length }));
    } finally {
      setTaking(false);
    }
  }

  async function recordResult(e: React.FormEvent) {
    e.preventDefault();
    if (!outcome) {
      setErrors({ outcome: t('inspections.outcomeRequired') });
      return;
    }
    setErrors({});
    await queue({ kind: 'result', body: { outcome, remarks: remarks.trim() } });
    setNotice(t('onsite.resultKept'));
  }

  /** A result the server wants a fresh second factor for: asked for, then sent with a new key (the first answer was the refusal). */
  async function confirmResult(entry: OutboxEntry) {
    if (entry.kind !== 'result') return;
    const fresh = { ...entry, key: newKey('result') };
    await onsiteDb.outbox.update(entry.seq!, { key: fresh.key, state: 'waiting' });
    try {
      await settle(fresh, () =>
        legal.run({ kind: 'inspection_result', inspection_id: id, outcome: entry.body.outcome }, () =>
          sendEntry(fresh),
        ),
      );
    } catch (error) {
      if (error instanceof StepUpCancelled) setNotice(error.message);
    }
  }

  if (day === undefined) return <LoadingBlock label={t('onsite.loading')} />;
  const back = (
    <Link to="/user/company/onsite" className={linkClasses}>
      {t('onsite.backToDay')}
    </Link>
  );
  if (!found) {
    return (
      <CompanyPage title={t('onsite.dayTitle')} before={back}>
        <EmptyBlock>{t('onsite.notKept')}</EmptyBlock>
      </CompanyPage>
    );
  }
  const { registration: r } = found;
  const i = found.inspection!;
  const other = locale === 'my' ? 'en' : 'my';
  const drawings = day?.documents[r.id] ?? [];
  const stepUp = mine.filter((e) => e.state === 'needs_step_up');

  return (
    <CompanyPage
      before={back}
      title={t('onsite.inspectionOf', { kind: t(`kind.${i.kind}`), project: r.project_name })}
      intro={
        <p>
          <span className="font-mono">{r.reference_number}</span> ·{' '}
          <time dateTime={i.scheduled_for}>{formatDateTime(i.scheduled_for, locale)}</time>
        </p>
      }
    >
      {legal.dialog}
      <OutboxStatus entries={mine} online={online} />
      {stepUp.map((e) => (
        <Alert key={e.seq} variant="warning" title={t('onsite.stepUpTitle')}>
          <p>{t('onsite.stepUpText')}</p>
          <Button size="sm" className="mt-2" disabled={!online} onClick={() => void confirmResult(e)}>
            {t('onsite.stepUpSend')}
          </Button>
        </Alert>
      ))}
      <div aria-live="polite">{notice && <Alert variant="success">{notice}</Alert>}</div>
      {i.status !== 'scheduled' && (
        <Alert variant="info" title={t(`inspectionStatus.${i.status}`)}>
          {i.outcome ? t('onsite.closedWith', { outcome: t(`outcome.${i.outcome}`) }) : t('onsite.closed')}
        </Alert>
      )}

      {i.status === 'scheduled' && (
        <>
          <form
            onSubmit={(e) => void recordChecklist(e)}
            noValidate
            className="space-y-4"
            aria-labelledby="checklist-heading"
          >
            <h2 id="checklist-heading" className="text-xl font-semibold text-slate-900">
              {t('onsite.checklistTitle')}
            </h2>
            {items.length === 0 && <EmptyBlock>{t('onsite.noChecklist')}</EmptyBlock>}
            {errors.checklist && <Alert variant="error">{errors.checklist}</Alert>}
            <ol className="space-y-4">
              {items.map((item, n) => {
                const current = answers[item.id] ?? { result: '', note: '' };
                const textHere = locale === 'my' ? item.text_my : item.text_en;
                const textThere = locale === 'my' ? item.text_en : item.text_my;
                return (
                  <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4">
                    <fieldset className="space-y-3">
                      <legend className="font-semibold text-slate-900">
                        {n + 1}. {textHere}
                      </legend>
                      <p lang={other} className="text-sm text-slate-700">
                        {textThere}
                      </p>
                      {item.recommendation && (
                        <p lang="en" className="text-sm text-slate-600">
                          {item.recommendation}
                        </p>
                      )}
                      <div className="flex flex-wrap gap-2">
                        {CHECKLIST_RESULTS.map((result) => (
                          <label
                            key={result}
                            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50"
                          >
                            <input
                              type="radio"
                              name={`item-${item.id}`}
                              value={result}
                              checked={current.result === result}
                              onChange={() => answer(item.id, { result })}
                              className="h-5 w-5"
                            />
                            {t(`onsite.result.${result}`)}
                          </label>
                        ))}
                      </div>
                      <TextAreaField
                        label={t('onsite.note')}
                        value={current.note}
                        onChange={(e) => answer(item.id, { note: e.target.value })}
                        rows={2}
                        maxLength={2000}
                      />
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            {items.length > 0 && <Button type="submit">{t('onsite.recordChecklist')}</Button>}
          </form>

          <Panel headingId="photos-heading" title={t('onsite.photosTitle')} look="part">
            <div className="space-y-1.5">
              <FieldHint id="onsite-photo-hint">{t('onsite.photoHint')}</FieldHint>
              {/* The page's own button, not the browser's "Choose Files" in English (components/ui/file-button.tsx). */}
              <FileButton
                id="onsite-photo"
                buttonLabel={t('onsite.takePhoto')}
                chosen=""
                accept="image/*"
                capture="environment"
                multiple
                disabled={taking}
                aria-describedby="onsite-photo-hint"
                onFiles={(files) => void addPhotos(files)}
              />
            </div>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="photo-list">
              {mine.map((e) =>
                e.kind === 'photo' ? (
                  <li key={e.seq} className="flex gap-3 rounded-md border border-slate-200 bg-white p-3">
                    <QueuedThumb
                      blob={e.photo.resized}
                      alt={t('onsite.photoAlt', { time: formatDateTime(e.photo.taken_at, locale) })}
                    />
                    <div className="min-w-0 space-y-1 text-sm text-slate-800">
                      <p>{formatDateTime(e.photo.taken_at, locale)}</p>
                      <p>
                        {e.photo.latitude !== null && e.photo.longitude !== null
                          ? t('onsite.position', {
                              lat: e.photo.latitude.toFixed(5),
                              lng: e.photo.longitude.toFixed(5),
                            })
                          : t('onsite.noPosition')}
                      </p>
                      <p className="font-mono break-all" title={e.photo.sha256}>
                        SHA-256 {e.photo.sha256.slice(0, 16)}…
                      </p>
                      <p className="font-semibold">{t(`onsite.state.${e.state}`)}</p>
                    </div>
                  </li>
                ) : null,
              )}
            </ul>
            {record && record.photos.length > 0 && (
              <p className="text-slate-700">{t('onsite.photosOnServer', { count: record.photos.length })}</p>
            )}
          </Panel>

          <form
            onSubmit={(e) => void recordResult(e)}
            noValidate
            className="space-y-4"
            aria-labelledby="result-heading"
          >
            <h2 id="result-heading" className="text-xl font-semibold text-slate-900">
              {t('onsite.resultTitle')}
            </h2>
            <p className="text-slate-700">{t('onsite.resultHint')}</p>
            <ResultFields
              outcome={outcome}
              remarks={remarks}
              onOutcome={(value) => {
                setOutcome(value);
                keep({ outcome: value });
              }}
              onRemarks={(value) => {
                setRemarks(value);
                keep({ remarks: value });
              }}
              errors={errors}
            />
            <Button type="submit">{t('onsite.recordResult')}</Button>
          </form>
        </>
      )}

      <Panel headingId="drawings-heading" title={t('onsite.drawingsTitle')} look="part" space={2}>
        {drawings.length === 0 ? (
          <p className="text-slate-700">{t('onsite.noDrawings')}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-6 text-slate-800">
            {drawings.map((d) => (
              <li key={`${d.discipline}-${d.number}`}>
                <span className="font-mono">{d.number}</span> {d.title} (
                {t('onsite.revision', { revision: d.revision })})
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </CompanyPage>
  );
}
