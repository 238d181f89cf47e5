import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COVER_LETTER_MAX_BYTES, localeFromHeader, type ServiceRequestKind } from '@hpbc/shared';
import type { ModuleDeps } from '../../app';
import { HttpError } from '../../lib/http-errors';
import { requireAdmin } from '../../plugins/auth';
import { serviceRequestsService, type SubmittedRequest } from './service-requests.service';

/** Each request sends mail to two parties; this keeps one address from flooding anyone's inbox. */
export const SERVICE_REQUEST_RATE_LIMIT = { max: 10, timeWindow: 60 * 60 * 1000 } as const;

const SUCCESS = {
  eiet: { en: 'Request Submitted Successfully!', my: 'တောင်းဆိုချက်ကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။' },
  pile: {
    en: 'Your pile service request has been submitted successfully.',
    my: 'သင်၏ ပိုင်ဝန်ဆောင်မှု တောင်းဆိုချက်ကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။',
  },
} as const;

const formError = (status: number, message: string) => new HttpError(status, message, { status: 'error' });

/** The multipart body as the service wants it; limits keep a hostile body small and its failures clean. */
async function readForm(req: FastifyRequest): Promise<Pick<SubmittedRequest, 'fields' | 'file'>> {
  if (!req.isMultipart()) {
    throw formError(415, 'The request must be sent as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: SubmittedRequest['file'];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        // The first value wins; a repeated name cannot replace what was validated in the browser.
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.fieldname !== 'cover_letter') continue;
      file = part.file.truncated ? { tooLarge: true } : { filename: part.filename, bytes: Buffer.concat(chunks) };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') return { fields, file: { tooMany: true } };
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw formError(413, 'The form has too many fields.');
    }
    throw formError(400, 'The form data could not be read.');
  }
  return { fields, file };
}

export function serviceRequestsRoutes(deps: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    // Multipart only in this module's scope: every other endpoint keeps refusing it.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        // One byte past the limit is enough to know the file is too large; busboy discards the rest.
        fileSize: COVER_LETTER_MAX_BYTES,
        files: 1,
        fields: 20,
        parts: 22,
        fieldNameSize: 100,
        fieldSize: 64 * 1024,
        headerPairs: 50,
      },
    });
    const service = serviceRequestsService({ ...deps, log: app.log });

    const submit = (kind: ServiceRequestKind) => async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        deps.csrf.verify(req);
        const locale = localeFromHeader(req.headers['accept-language']);
        const form = await readForm(req);
        const { reference } = await service.submit({ kind, ...form, locale });
        return reply.status(201).send({ status: 'success', message: SUCCESS[kind][locale], reference });
      } catch (err) {
        // A refusal can come before the upload has been read (a bad token, a broken part):
        // read the rest and drop it, so the browser gets the answer instead of a reset.
        if (!req.raw.readableEnded) req.raw.resume();
        throw err;
      }
    };
    const limited = { config: { rateLimit: SERVICE_REQUEST_RATE_LIMIT } };
    app.post('/api/eiet-request', limited, submit('eiet'));
    app.post('/api/pile-request', limited, submit('pile'));

    const typed = app.withTypeProvider<ZodTypeProvider>();
    const id = z.object({
      id: z
        .string()
        .regex(/^[1-9][0-9]{0,8}$/, 'exists|id')
        .transform(Number),
    });
    const page = z.object({
      page: z
        .string()
        .regex(/^[1-9][0-9]{0,5}$/, 'integer|page')
        .transform(Number)
        .optional(),
    });
    const PER_PAGE = 25;

    typed.get(
      '/api/admin/service-requests',
      { preHandler: requireAdmin, schema: { querystring: page } },
      async (req) => {
        const current = req.query.page ?? 1;
        const { rows, total } = await service.listServiceRequests(current, PER_PAGE);
        return { data: rows, meta: { total, page: current, per_page: PER_PAGE } };
      },
    );
    typed.get('/api/admin/service-requests/:id', { preHandler: requireAdmin, schema: { params: id } }, async (req) => ({
      data: await service.getServiceRequest(req.params.id),
    }));
    typed.get(
      '/api/admin/service-requests/:id/cover-letter',
      { preHandler: requireAdmin, schema: { params: id } },
      async (req, reply) => {
        const { request, coverLetter } = await service.readServiceRequest(req.params.id);
        const ascii = request.cover_letter_name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
        return reply
          .header('Content-Type', 'application/pdf')
          .header(
            'Content-Disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(request.cover_letter_name)}`,
          )
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(coverLetter);
      },
    );
  };
}
