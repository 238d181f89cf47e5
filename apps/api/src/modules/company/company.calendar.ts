import ical from 'ical-generator';
import { INSPECTION_KIND_LABELS, PRODUCT, type InspectionKind, type Locale } from '@hpbc/shared';
import type { ChosenRegistration, InspectionRow } from './company.repository';

/** How long an inspection is shown in a calendar; the portal records only its start. */
const INSPECTION_HOURS = 2;

/**
 * The iCalendar feed of a company's upcoming inspections (RFC 5545), for phone calendars.
 * Times are written in UTC, so every calendar shows them in its own zone; each event's UID
 * is stable, so a moved inspection moves in the calendar instead of appearing twice.
 */
export function inspectionsCalendar(input: {
  locale: Locale;
  host: string;
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
      id: `inspection-${i.id}@${input.host}`,
      start: i.scheduledFor,
      end: new Date(i.scheduledFor.getTime() + INSPECTION_HOURS * 3600 * 1000),
      stamp: i.updatedAt,
      summary: en ? `${kind} inspection: ${project}` : `${kind} စစ်ဆေးခြင်း - ${project}`,
      description: [r?.referenceNumber ?? '', i.notes ?? ''].filter(Boolean).join('\n'),
      url: `${input.appUrl}/company/inspections`,
    });
  }
  return cal.toString();
}
