import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod } from 'ical-generator';
import { PRODUCT, type Locale } from '@hpbc/shared';
import type { PresentationRow } from './presentations.repository';

/** The organizer's address: MAIL_FROM's address part ("HPBC <no-reply@...>" → no-reply@...). */
export const organizerEmail = (mailFrom: string) => mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();

/**
 * The invitation to the designer's presentation (RFC 5545 and 5546): `METHOD:REQUEST`, the
 * committee as ORGANIZER, each invitee as an ATTENDEE asked to answer (RSVP), a UID that stays
 * the same for the presentation (company.calendar.ts's domain) and a SEQUENCE that grows with
 * each change, so a calendar moves the event instead of adding another. Times in UTC.
 */
export function presentationInvitation(input: {
  presentation: PresentationRow;
  uidDomain: string;
  organizer: string;
  attendees: { email: string; name: string | null }[];
  projectName: string;
  referenceNumber: string;
  url: string;
  locale: Locale;
}): string {
  const p = input.presentation;
  const en = input.locale === 'en';
  const cal = ical({
    prodId: { company: PRODUCT.short, product: 'portal', language: en ? 'EN' : 'MY' },
    method: ICalCalendarMethod.REQUEST,
  });
  cal.createEvent({
    id: `presentation-${p.id}@${input.uidDomain}`,
    sequence: p.sequence,
    start: p.startsAt,
    end: new Date(p.startsAt.getTime() + p.durationMinutes * 60_000),
    stamp: p.createdAt,
    summary: en
      ? `Designer's presentation: ${input.projectName} (${input.referenceNumber})`
      : `ဒီဇိုင်နာ၏ တင်ပြပွဲ - ${input.projectName} (${input.referenceNumber})`,
    description: [p.meetingUrl ?? '', input.url].filter(Boolean).join('\n'),
    location: p.place ?? p.meetingUrl,
    url: input.url,
    organizer: { name: PRODUCT.short, email: input.organizer },
    attendees: input.attendees.map((a) => ({
      email: a.email,
      name: a.name ?? undefined,
      rsvp: true,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
    })),
  });
  // RFC 5545 3.1: every content line ends with CRLF, the last one too.
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
