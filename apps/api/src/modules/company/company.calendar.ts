import { createHmac } from 'node:crypto';
import ical from 'ical-generator';
import { INSPECTION_KIND_LABELS, PRODUCT, type InspectionKind, type Locale } from '@hpbc/shared';
import type { ChosenRegistration, InspectionRow } from './company.repository';

/** How long an inspection is shown in a calendar; the portal records only its start. */
const INSPECTION_HOURS = 2;

/**
 * The right-hand side of every event's UID: this installation's own name, derived from its
 * secret, so that a UID stays the same when the portal's address (APP_URL's host or port)
 * changes, and two installations (a test one, the real one) never share UIDs (RFC 5545
 * 3.8.4.7: globally unique and persistent).
 */
export function calendarUidDomain(appSecret: string): string {
  return `${createHmac('sha256', appSecret).update('calendar-uid').digest('hex').slice(0, 16)}.${PRODUCT.short.toLowerCase()}`;
}

/**
 * The iCalendar feed of a company's upcoming inspections (RFC 5545), for phone calendars.
 * Times are written in UTC, so every calendar shows them in its own zone; each event's UID
 * is stable, so a moved inspection moves in the calendar instead of appearing twice: its
 * SEQUENCE counts the changes (migration 0016) and LAST-MODIFIED says when the last one was,
 * which is what calendars compare before they update an event (RFC 5545 3.8.7.4).
 */
export function inspectionsCalendar(input: {
  locale: Locale;
  uidDomain: string;
  appUrl: string;
  items: { inspection: InspectionRow; registration?: ChosenRegistration }[];
}): string {
  const en = input.locale === 'en';
  const cal = ical({
    name: en ? `${PRODUCT.short} inspections` : `${PRODUCT.short} စစ်ဆေးခြင်းများ`,
    prodId: { company: PRODUCT.short, product: 'portal', language: en ? 'EN' : 'MY' },
    ttl: 60 * 60,
  });
  for (const { inspection: i, registration: r } of input.items) {
    const kind = INSPECTION_KIND_LABELS[i.kind as InspectionKind][input.locale];
    const project = r?.projectName ?? '';
    cal.createEvent({
      id: `inspection-${i.id}@${input.uidDomain}`,
      sequence: i.sequence,
      lastModified: i.updatedAt,
      start: i.scheduledFor,
      end: new Date(i.scheduledFor.getTime() + INSPECTION_HOURS * 3600 * 1000),
      stamp: i.updatedAt,
      summary: en ? `${kind} inspection: ${project}` : `${kind} စစ်ဆေးခြင်း - ${project}`,
      description: [r?.referenceNumber ?? '', i.notes ?? ''].filter(Boolean).join('\n'),
      // The site's address, so a phone calendar can route to it (issue 28, item 8).
      location: r?.projectLocation?.trim() || null,
      // The page where the company's inspections are (the portal has no /company/...).
      url: `${input.appUrl}/user/company/inspections`,
    });
  }
  // RFC 5545 3.1: every content line ends with CRLF, the last one too.
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
