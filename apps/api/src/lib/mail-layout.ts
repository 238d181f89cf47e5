import { PRODUCT, type Locale } from '@hpbc/shared';
import type { MailKind } from '@hpbc/shared/notices';
import { escapeHtml } from './escape-html';
import { mostlyMyanmar, scriptRuns } from './script-runs';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** What the outbox needs for the in-app notice it leaves beside the mail (decision 088). */
  kind: MailKind;
  /** The mail's first paragraph: the notice's text. */
  summary: string;
  /** The mail's button, if any: the notice links to it (when its kind allows, @hpbc/shared/notices). */
  link?: string;
}

/** Who a mail about a registration goes to (`name`, in their `locale`), which registration, and its link. */
export interface RegistrationMailAbout {
  name: string;
  referenceNumber: string;
  projectName: string;
  url: string;
  locale: Locale;
}

export interface MailBody {
  /** Which kind of mail this is: it decides the person's mail choice and the notice's link. */
  kind: MailKind;
  subject: string;
  greeting?: string;
  paragraphs: string[];
  /** Label/value pairs shown as a table; a value may span lines. */
  rows?: [string, string][];
  /** A free-text message from a person, set apart from the standard wording. */
  note?: { label: string; text: string };
  action?: { label: string; url: string };
  after?: string[];
}

const SIGN_OFF: Record<Locale, string> = {
  en: `${PRODUCT.full.en} (${PRODUCT.short})`,
  my: `${PRODUCT.full.my} (${PRODUCT.short})`,
};

const AUTOMATIC: Record<Locale, string> = {
  en: 'This is an automatic message; replies are not read.',
  my: 'ဤစာသည် အလိုအလျောက် ပို့သော စာဖြစ်ပါသည်။ ဤအီးမေးလ်သို့ ပြန်စာ မပို့ပါနှင့်။',
};

/** "Label: value" in English; "Label - value" in Burmese, as the screens write it (glossary). */
function rowText(locale: Locale, [label, value]: [string, string]): string {
  const colon = locale === 'my' ? ' -' : ':';
  return `${label}${colon} ${value.includes('\n') ? `\n  ${value.split(/\r?\n/).join('\n  ')}` : value}`;
}

/**
 * Escaped HTML of a piece of text in a mail whose language is `locale`. In an English mail
 * (the bilingual staff notices, or Burmese names in an English mail) the Burmese parts are
 * marked `lang="my"`, so a screen reader reads them with a Burmese voice (WCAG 3.1.2).
 */
function inLanguage(locale: Locale, text: string): string {
  if (locale !== 'en') return escapeHtml(text);
  return scriptRuns(text)
    .map((r) => (r.myanmar ? `<span lang="my">${escapeHtml(r.text)}</span>` : escapeHtml(r.text)))
    .join('');
}

/** The `lang` attribute for a block that is wholly in the other language, else nothing. */
const blockLang = (locale: Locale, text: string) => (locale === 'en' && mostlyMyanmar(text) ? ' lang="my"' : '');

/** A block element's inner HTML: plain escaped text when the block carries the language itself. */
const blockHtml = (locale: Locale, text: string) =>
  blockLang(locale, text) ? escapeHtml(text) : inLanguage(locale, text);

/**
 * The one layout of every mail the portal sends: plain text first, and simple HTML with
 * inline styles (mail clients drop style sheets), the committee's name at the top and
 * its sign-off at the bottom, in the recipient's language.
 */
export function renderMail(locale: Locale, body: MailBody): RenderedMail {
  const text = [
    ...(body.greeting ? [body.greeting, ''] : []),
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.rows?.length ? [body.rows.map((row) => rowText(locale, row)).join('\n'), ''] : []),
    ...(body.note ? [body.note.label, body.note.text, ''] : []),
    ...(body.action ? [`${body.action.label}:`, body.action.url, ''] : []),
    ...(body.after ?? []).flatMap((p) => [p, '']),
    '--',
    SIGN_OFF[locale],
    AUTOMATIC[locale],
  ].join('\n');

  const p = (s: string) => `<p${blockLang(locale, s)} style="margin:0 0 16px">${blockHtml(locale, s)}</p>`;
  const inline = (s: string) => inLanguage(locale, s);
  const cell = 'padding:6px 10px;border:1px solid #d1d5db;vertical-align:top;text-align:left';
  const rows = body.rows?.length
    ? `<table style="border-collapse:collapse;margin:0 0 16px">
${body.rows
  .map(
    ([k, v]) =>
      `<tr><th scope="row" style="${cell};background:#f3f4f6">${inline(k)}</th><td style="${cell}">${inline(v).replace(/\r?\n/g, '<br>')}</td></tr>`,
  )
  .join('\n')}
</table>`
    : '';
  const note = body.note
    ? `<p style="margin:0 0 8px;font-weight:600">${inline(body.note.label)}</p>
<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #1d4ed8;background:#f9fafb;white-space:pre-wrap">${inline(body.note.text)}</blockquote>`
    : '';
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:600">${inline(body.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all;overflow-wrap:anywhere">${escapeHtml(body.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:16px;background:#f3f4f6;font-family:Arial,'Noto Sans Myanmar','Padauk',sans-serif;color:#111827;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 24px;font-weight:700;color:#1e3a8a">${escapeHtml(PRODUCT.short)} · ${escapeHtml(PRODUCT.full[locale])}</p>
${body.greeting ? p(body.greeting) : ''}
${body.paragraphs.map(p).join('\n')}
${rows}
${note}
${action}
${(body.after ?? []).map(p).join('\n')}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(SIGN_OFF[locale])}<br>${escapeHtml(AUTOMATIC[locale])}</p>
</div>
</body>
</html>
`;
  return {
    subject: body.subject,
    text,
    html,
    kind: body.kind,
    summary: body.paragraphs[0] ?? '',
    ...(body.action ? { link: body.action.url } : {}),
  };
}
