import type { FastifyReply } from 'fastify';

/**
 * Answers a PDF as a private download, never kept by a cache. A name the portal made (a
 * reference number, plain ASCII) is sent as it is (`'made'`); a name someone uploaded goes in
 * ASCII for old clients and in full as `filename*` (RFC 6266), with `nosniff`, since the bytes
 * are theirs too (`'uploaded'`).
 */
export function sendPdfDownload(reply: FastifyReply, bytes: Buffer, name: string, named: 'made' | 'uploaded') {
  if (named === 'made') {
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  }
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(bytes);
}

/** The file name of a PDF the portal made about a registration: `<what>-<reference>.pdf`, in safe characters. */
export const referencePdfName = (what: string, reference: string) =>
  `${what}-${reference.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
