import { trackingLinks } from './tracking-link';
import { tellCompanyMembersOfRequest } from '../company/company-notice';
import {
  messageCode,
  COMPANY_ID_FIELD,
  companyIdSchemas,
  COVER_LETTER_MAX_BYTES,
  hasUnstorableText,
  rule,
  serviceRequestReference,
  serviceRequestSchemas,
  SERVICE_REQUEST_TEXT_FIELDS,
  type FieldErrors,
  type Locale,
  type ServiceRequestFields,
  type ServiceRequestKind,
  type CompanyServiceRequest,
  type ServiceRequestRecord,
} from '@hpbc/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { HttpError, notFound, ValidationError } from '../../lib/http-errors';
import { cleanFileName, dataDirStore, pdfUploadProblem, sha256 } from '../../lib/file-store/file-store';
import type { UploadedFile } from '../../lib/file-store/multipart';
import { newToken } from '../../lib/tokens';
import { notifyStaff } from '../staff/staff-notice';
import {
  companyAddresses,
  companyNotificationMail,
  confirmationMail,
  type RequestMailInput,
} from './service-requests.mail';
import { companyInboxRepository, serviceRequestsRepository } from './service-requests.repository';

/** What the route read from the multipart body. */
export interface SubmittedRequest {
  kind: ServiceRequestKind;
  /** Text fields as sent (first value of each name); unknown names are ignored. */
  fields: Record<string, string>;
  file?: UploadedFile;
  locale: Locale;
}

/** The field order of the form, so the first error (repeated as `message`) is the first field on screen. */
const FIELD_ORDER: string[] = [...SERVICE_REQUEST_TEXT_FIELDS, 'eiet_id', 'pile_company_id', 'cover_letter'];

function ordered(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b)));
}

export function serviceRequestsService(deps: ModuleDeps & { log: FastifyBaseLogger }) {
  const repo = serviceRequestsRepository(deps.database.db);
  const inbox = companyInboxRepository(deps.database.db);
  // Cover letters live under DATA_DIR/uploads/service-requests/<yyyy>/; the row keeps the key.
  const store = dataDirStore(deps.config.dataDir, 'uploads');

  async function checkFile(file: SubmittedRequest['file']): Promise<{ error?: string; bytes?: Buffer; name?: string }> {
    if (!file) return { error: rule('required', 'cover_letter') };
    if ('tooMany' in file) return { error: rule('one_file', 'cover_letter') };
    if ('tooLarge' in file || file.bytes.length >= COVER_LETTER_MAX_BYTES) {
      return { error: rule('file_size', 'cover_letter') };
    }
    const problem = await pdfUploadProblem(file.bytes);
    if (problem) return { error: rule(problem, 'cover_letter') };
    return { bytes: file.bytes, name: cleanFileName(file.filename) };
  }

  return {
    /**
     * Validates everything at once (so the form can show every problem), stores the
     * cover letter and the row, and queues the two e-mails. Returns the new id.
     */
    async submit(input: SubmittedRequest): Promise<{ id: number; reference: string }> {
      const { kind } = input;
      const idField = COMPANY_ID_FIELD[kind];
      const errors: FieldErrors = {};
      // Browsers send line breaks in multipart text as CRLF; store them as the user typed them.
      const normalized = Object.fromEntries(
        Object.entries(input.fields).map(([k, v]) => [k, v.replace(/\r\n?/g, '\n')]),
      );
      for (const [field, value] of Object.entries(normalized)) {
        if (hasUnstorableText(value)) errors[field] = [rule('text_chars', field)];
      }
      const parsed = serviceRequestSchemas[kind].safeParse(normalized);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'body');
          errors[field] ??= [issue.message];
        }
      }
      const file = await checkFile(input.file);
      if (file.error) errors.cover_letter = [file.error];

      // The company is looked up whenever its id is well formed, so an unknown company is
      // reported together with the other fields' errors (api.md: every failed field is listed).
      let company: Awaited<ReturnType<typeof repo.findCompany>>;
      const id = companyIdSchemas[kind].safeParse(normalized[idField]);
      if (id.success && !errors[idField]) {
        company = await repo.findCompany(kind, id.data);
        if (!company) errors[idField] = [rule('exists', idField)];
      }
      if (Object.keys(errors).length > 0 || !parsed.success || !company || !file.bytes) {
        throw new ValidationError(ordered(errors), { status: 'error' });
      }

      const fields: ServiceRequestFields = parsed.data;
      const at = deps.now();
      const saved = await store.save('service-requests', file.bytes, at);
      // The requester follows the request through a private link; only the token's hash is kept.
      const tracking = newToken();
      let row;
      try {
        row = await repo.insert({
          kind,
          eietId: kind === 'eiet' ? company.id : null,
          pileCompanyId: kind === 'pile' ? company.id : null,
          ...{
            projectName: fields.project_name,
            projectInformation: fields.project_information,
            companyName: fields.company_name,
            address: fields.address,
            companyEmail: fields.company_email,
            contactPhone: fields.contact_phone,
          },
          coverLetterPath: saved.key,
          coverLetterName: file.name!,
          coverLetterSize: file.bytes.length,
          coverLetterSha256: saved.sha256,
          locale: input.locale,
          createdAt: at,
          updatedAt: at,
          status: 'new',
          trackingTokenHash: tracking.hash,
          trackingTokenSealed: trackingLinks(deps.config).seal(tracking.token),
        });
      } catch (err) {
        await store.discard(saved.key).catch(() => undefined);
        throw err;
      }

      const reference = serviceRequestReference(row.id);
      const mail: RequestMailInput = {
        kind,
        reference,
        fields,
        companyName: company.name,
        coverLetterName: file.name!,
        coverLetterSize: file.bytes.length,
        locale: input.locale,
      };
      const trackingUrl = `${deps.config.appUrl}/service-requests/track/${tracking.token}`;
      await deps.mail.enqueue({ to: fields.company_email, ...confirmationMail(mail, trackingUrl) });
      const addresses = companyAddresses(company.emailAddress);
      if (addresses.length === 0) {
        deps.log.warn({ kind, companyId: company.id, requestId: row.id }, 'company has no usable e-mail address');
      }
      const notice = companyNotificationMail(mail);
      for (const to of addresses) {
        await deps.mail.enqueue({
          to,
          // The notice tells the company to contact the requester: a reply should reach them.
          replyTo: fields.company_email,
          ...notice,
          attachments: [{ filename: file.name!, path: store.dataDirPath(saved.key), contentType: 'application/pdf' }],
        });
      }
      await tellCompanyMembersOfRequest(deps, {
        id: row.id,
        kind,
        companyId: company.id,
        companyName: company.name,
        registerEmail: company.emailAddress,
        projectName: fields.project_name,
        reference,
      });
      await notifyStaff(deps, {
        kind: 'service-request',
        id: row.id,
        reference,
        service: kind,
        companyLabel: company.name,
        projectName: fields.project_name,
        requester: `${fields.company_name} <${fields.company_email}>`,
      });
      return { id: row.id, reference };
    },

    /**
     * The administrator's read-back: the request and its cover letter, byte for byte.
     * Throws when the stored file no longer matches the checksum taken when it arrived.
     */
    async readServiceRequest(id: number): Promise<{ request: ServiceRequestRecord; coverLetter: Buffer }> {
      const found = await repo.findById(id);
      if (!found) throw notFound(messageCode('service_request_not_found'));
      const { cover_letter_path: relPath, status: _s, updated_at: _u, ...request } = found;
      let bytes: Buffer;
      try {
        bytes = await store.read(relPath);
      } catch {
        throw new HttpError(410, messageCode('cover_letter_missing'));
      }
      if (sha256(bytes) !== request.cover_letter_sha256) {
        deps.log.error({ requestId: id }, 'cover letter does not match its stored checksum');
        throw new HttpError(409, messageCode('cover_letter_checksum'));
      }
      return { request, coverLetter: bytes };
    },

    /** One request for the committee: its record, status and history (the company's answers). */
    async getServiceRequest(id: number): Promise<CompanyServiceRequest> {
      const found = await repo.findById(id);
      if (!found) throw notFound(messageCode('service_request_not_found'));
      const { cover_letter_path: _path, ...request } = found;
      const [withHistory] = await inbox.withHistory([request]);
      return withHistory!;
    },

    /** Every request for the committee, newest first, each with its status and history; `status` filters. */
    async listServiceRequests(q: { page: number; perPage: number; status?: string }) {
      const { rows, total } = await repo.list(q);
      return { rows: await inbox.withHistory(rows), total };
    },
  };
}
export type ServiceRequestsService = ReturnType<typeof serviceRequestsService>;
