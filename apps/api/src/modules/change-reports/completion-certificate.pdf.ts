import { BOARD_COLORS, boardDate, openBoard, SIGNBOARD_TEXT } from '../concerns/signboard.pdf';

/**
 * The completion certificate (issue 30): one A4 page, Burmese first with English beneath, for
 * a project whose completion inspection passed with no change report open, with a QR code of
 * `/verify/{reference}`. Built like every portal PDF (decision 083), with the signboard's writer.
 */
export interface CompletionInput {
  referenceNumber: string;
  projectName: string;
  owner: string;
  location: string;
  approvedOn: Date;
  completedOn: Date;
  verifyUrl: string;
  qrPng: Buffer;
}

export const COMPLETION_TEXT = {
  title: { my: 'ဆောက်လုပ်ရေး ပြီးစီးကြောင်း လက်မှတ်', en: 'Completion certificate' },
  body: {
    my: 'အောက်ဖော်ပြပါ စီမံကိန်းသည် ကော်မတီ အတည်ပြုထားသော ဒီဇိုင်းအတိုင်း ဆောက်လုပ်ပြီးစီးကြောင်း ပြီးစီးမှု စစ်ဆေးခြင်းဖြင့် အတည်ပြုပါသည်။',
    en: 'The completion inspection confirmed that the project below was built as the committee approved it.',
  },
  // The project's facts are labelled as on the site signboard, which the certificate is built like.
  project: SIGNBOARD_TEXT.project,
  reference: SIGNBOARD_TEXT.reference,
  owner: SIGNBOARD_TEXT.owner,
  location: SIGNBOARD_TEXT.location,
  approved: SIGNBOARD_TEXT.approved,
  completed: { my: 'ပြီးစီးမှု စစ်ဆေးသည့် ရက်စွဲ', en: 'Completion inspection passed on' },
  scan: {
    my: 'ဤလက်မှတ်ကို စစ်ဆေးရန် ကုဒ်ကို စကင်ဖတ်ပါ။',
    en: 'Scan the code to check this certificate.',
  },
} as const;

export function renderCompletionCertificate(input: CompletionInput): Promise<Buffer> {
  const { doc, tags, finish, left, width, write } = openBoard({
    title: COMPLETION_TEXT.title,
    referenceNumber: input.referenceNumber,
    projectName: input.projectName,
    date: input.completedOn,
    size: 'A4',
    band: { height: 110, y: 30, size: 15, enGap: 4, enSize: 12 },
  });
  write(COMPLETION_TEXT.title.my, { y: 140, size: 24, bold: true, role: 'H1' });
  write(COMPLETION_TEXT.title.en, { y: doc.y + 2, size: 20, color: BOARD_COLORS.muted });
  write(COMPLETION_TEXT.body.my, { y: doc.y + 16, size: 13 });
  write(COMPLETION_TEXT.body.en, { y: doc.y + 4, size: 12, color: BOARD_COLORS.muted });

  const approved = boardDate(input.approvedOn);
  const completed = boardDate(input.completedOn);
  const rows: [keyof typeof COMPLETION_TEXT, string][] = [
    ['project', input.projectName],
    ['reference', input.referenceNumber],
    ['owner', input.owner],
    ['location', input.location],
    ['approved', `${approved.my} / ${approved.en}`],
    ['completed', `${completed.my} / ${completed.en}`],
  ];
  let y = doc.y + 18;
  for (const [key, value] of rows) {
    const label = COMPLETION_TEXT[key] as { my: string; en: string };
    write(`${label.my} / ${label.en}`, { y, size: 11, color: BOARD_COLORS.muted, role: 'H2' });
    write(value.replace(/,?\s*\r?\n\s*/g, ', ') || '-', { y: doc.y + 2, size: 14, bold: key !== 'location' });
    y = doc.y + 10;
  }
  const qr = 150;
  const qrTop = Math.min(y + 10, doc.page.height - doc.page.margins.bottom - qr);
  tags.figure(`${COMPLETION_TEXT.scan.en} ${input.verifyUrl}`, () =>
    doc.image(input.qrPng, left, qrTop, { width: qr, height: qr }),
  );
  write(COMPLETION_TEXT.scan.my, { x: left + qr + 20, y: qrTop + 10, width: width - qr - 20, size: 13, bold: true });
  write(COMPLETION_TEXT.scan.en, { x: left + qr + 20, y: doc.y + 6, width: width - qr - 20, size: 12 });
  write(input.verifyUrl, { x: left + qr + 20, y: doc.y + 8, width: width - qr - 20, size: 11 });
  return finish();
}
