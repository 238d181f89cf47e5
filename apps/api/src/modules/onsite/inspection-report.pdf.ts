import { PRODUCT, type Locale, type RecordedChecklistItem } from '@hpbc/shared';
import type { BlockRole } from '../../lib/pdf-text';
import { drawRuns, lineGapFor, openPortalPdf, withoutEmoji } from '../registrations/registrations.pdf';
// The signboard's palette: the committee's band and the same ink (decision 089).
import { BOARD_COLORS } from '../concerns/signboard.pdf';

/**
 * The inspection report the portal makes from what was recorded on site (issue 30; decision
 * 099): the inspection's facts, its checklist item by item, the remarks, and each photo (the
 * resized copy) with the time and position it was taken and the SHA-256 of its original, so a
 * reader can check a copy they hold. Built like every portal PDF (decision 083). An uploaded
 * report stays possible beside it.
 */
export interface InspectionReportInput {
  locale: Locale;
  referenceNumber: string;
  projectName: string;
  companyName: string;
  kind: string;
  scheduledFor: string;
  status: string;
  outcome: string | null;
  remarks: string | null;
  checklist: RecordedChecklistItem[] | null;
  photos: { bytes: Buffer | undefined; takenAt: string; position: string | null; sha256: string }[];
  madeAt: Date;
}

const TEXT = {
  title: { en: 'Inspection report', my: 'စစ်ဆေးခြင်း အစီရင်ခံစာ' },
  reference: { en: 'Reference number', my: 'ရည်ညွှန်းအမှတ်' },
  project: { en: 'Project', my: 'စီမံကိန်း' },
  company: { en: 'EIET company', my: 'EIET ကုမ္ပဏီ' },
  kind: { en: 'Inspection', my: 'စစ်ဆေးခြင်း' },
  date: { en: 'Date', my: 'ရက်စွဲ' },
  outcome: { en: 'Outcome', my: 'ရလဒ်' },
  pending: { en: 'Not recorded yet', my: 'မှတ်တမ်း မတင်ရသေးပါ' },
  checklist: { en: 'Checklist', my: 'စစ်ဆေးရန်စာရင်း' },
  noChecklist: { en: 'No checklist recorded.', my: 'စစ်ဆေးရန်စာရင်း မှတ်တမ်း မတင်ရသေးပါ။' },
  remarks: { en: 'Remarks', my: 'မှတ်ချက်များ' },
  photos: { en: 'Photos', my: 'ဓာတ်ပုံများ' },
  noPhotos: { en: 'No photos.', my: 'ဓာတ်ပုံ မရှိပါ။' },
  taken: { en: 'Taken', my: 'ရိုက်ယူချိန်' },
  position: { en: 'Position', my: 'တည်နေရာ' },
  noPosition: { en: 'no position', my: 'တည်နေရာ မရှိပါ' },
  results: {
    passed: { en: 'Passed', my: 'အောင်မြင်' },
    failed: { en: 'Failed', my: 'မအောင်မြင်' },
    not_applicable: { en: 'Not applicable', my: 'မသက်ဆိုင်' },
    conditional: { en: 'Conditional', my: 'စည်းကမ်းချက်ဖြင့် အောင်မြင်' },
  } as Record<string, { en: string; my: string }>,
  made: { en: 'Made by the portal', my: 'ပေါ်တယ်မှ ပြုလုပ်သည်' },
} as const;

export function renderInspectionReportPdf(input: InspectionReportInput): Promise<Buffer> {
  const L = input.locale;
  const title = `${TEXT.title[L]} — ${input.referenceNumber}`;
  const { doc, tags, finish, left, width, bottom } = openPortalPdf(
    { title, locale: L, subject: input.projectName, creationDate: input.madeAt },
    { size: 'A4', margins: { top: 56, bottom: 56, left: 56, right: 56 } },
  );

  function write(text: string, o: { size: number; bold?: boolean; color?: string; role?: BlockRole; gap?: number }) {
    if (doc.y + o.size * 2 > bottom()) doc.addPage();
    const typed = withoutEmoji(text) || ' ';
    doc.fillColor(o.color ?? BOARD_COLORS.ink).fontSize(o.size);
    const y = doc.y + (o.gap ?? 0);
    tags.block(o.role ?? 'P', () =>
      drawRuns(doc, L, typed, { x: left, y, width, bold: o.bold, lineGap: lineGapFor(text, o.size) }),
    );
  }
  const label = (t: { en: string; my: string }) => t[L];

  tags.artifact(() => doc.rect(0, 0, doc.page.width, 40).fill(BOARD_COLORS.band));
  doc.y = 60;
  write(`${PRODUCT.short} · ${PRODUCT.full[L]}`, { size: 11, color: BOARD_COLORS.muted });
  write(label(TEXT.title), { size: 22, bold: true, role: 'H1', gap: 6 });
  const result = input.outcome ? (TEXT.results[input.outcome]?.[L] ?? input.outcome) : label(TEXT.pending);
  for (const [key, value] of [
    ['reference', input.referenceNumber],
    ['project', input.projectName],
    ['company', input.companyName],
    ['kind', input.kind],
    ['date', input.scheduledFor],
    ['outcome', result],
  ] as const) {
    write(`${label(TEXT[key])}: ${value}`, { size: 12, gap: 4 });
  }

  write(label(TEXT.checklist), { size: 16, bold: true, role: 'H2', gap: 16 });
  if (!input.checklist?.length) write(label(TEXT.noChecklist), { size: 12, gap: 4 });
  (input.checklist ?? []).forEach((item, n) => {
    const text = L === 'my' ? item.text_my : item.text_en;
    write(`${n + 1}. ${text}`, { size: 12, bold: true, gap: 6 });
    const verdict = TEXT.results[item.result]?.[L] ?? item.result;
    write(`${verdict}${item.note ? ` — ${item.note}` : ''}`, { size: 11, color: BOARD_COLORS.muted, gap: 2 });
  });

  write(label(TEXT.remarks), { size: 16, bold: true, role: 'H2', gap: 16 });
  write(input.remarks || '—', { size: 12, gap: 4 });

  write(label(TEXT.photos), { size: 16, bold: true, role: 'H2', gap: 16 });
  if (input.photos.length === 0) write(label(TEXT.noPhotos), { size: 12, gap: 4 });
  input.photos.forEach((p, n) => {
    const imageHeight = 200;
    if (doc.y + imageHeight + 80 > bottom()) doc.addPage();
    const caption = `${n + 1}. ${label(TEXT.taken)} ${p.takenAt} · ${label(TEXT.position)} ${p.position ?? label(TEXT.noPosition)}`;
    const top = doc.y + 8;
    if (p.bytes) {
      tags.figure(caption, () => doc.image(p.bytes!, left, top, { fit: [width, imageHeight] }));
      doc.y = top + imageHeight + 4;
    }
    write(caption, { size: 10, role: 'Caption', gap: 2 });
    write(`SHA-256 ${p.sha256}`, { size: 9, color: BOARD_COLORS.muted });
  });

  write(`${label(TEXT.made)} · ${input.madeAt.toISOString()}`, { size: 9, color: BOARD_COLORS.muted, gap: 16 });
  return finish();
}
