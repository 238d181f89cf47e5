import { z } from 'zod';
import { emptyAnswer, endpoints, fileAnswer } from './endpoint';
import { prepared, preparedBase, preparedHeaders } from './public-lists';

/** What the server itself answers: its description, its health, and the library's files. */

export const siteEndpoints = endpoints({
  'GET /api/openapi.json': {
    operationId: 'getOpenApi',
    summary: 'This document: the OpenAPI 3.1 description of every operation.',
    tags: ['site'],
    answers: { 200: z.object({ openapi: z.string() }).loose(), ...prepared },
    headers: preparedHeaders,
  },
  // What programs other than browsers read from a site (docs/decisions/084).
  'GET /robots.txt': {
    operationId: 'robots',
    summary: 'Which paths crawlers may visit (RFC 9309), and where the sitemap is.',
    tags: ['site'],
    answers: { 200: fileAnswer('text/plain', 'The rules, one a line.') },
  },
  'GET /sitemap.xml': {
    ...preparedBase,
    operationId: 'sitemap',
    summary: 'The public pages and every public project’s page (sitemaps.org 0.9).',
    tags: ['site'],
    answers: { 200: fileAnswer('application/xml', 'A <urlset> of absolute URLs.'), ...prepared },
  },
  'GET /manifest.webmanifest': {
    operationId: 'webAppManifest',
    summary: 'The web app manifest (names in the reader’s language, icons, start URL, colours).',
    tags: ['site'],
    answers: { 200: fileAnswer('application/manifest+json', 'The manifest.') },
  },
  'GET /.well-known/security.txt': {
    operationId: 'securityTxt',
    summary: 'How to report a security problem (RFC 9116): contact, languages, expiry.',
    tags: ['site'],
    answers: { 200: fileAnswer('text/plain', 'The fields, one a line.') },
  },
  'GET /healthz': {
    operationId: 'health',
    summary: 'Alive: 200 while the process runs (503 while it stops).',
    tags: ['site'],
    answers: { 200: z.object({ status: z.literal('alive') }) },
  },
  'GET /readyz': {
    operationId: 'ready',
    summary: 'Ready: the database (and Redis, when used) answers and has every migration; else 503 with Retry-After.',
    tags: ['site'],
    answers: { 200: z.object({ status: z.literal('ready') }) },
    errors: {
      503: {
        description: 'Not ready: migrating, or a service does not answer in time.',
        body: z.object({ status: z.enum(['migrating', 'database unavailable']) }),
      },
    },
  },
  /** Served by the static mount `/documents/*` (plugins/web-app.ts), described here by its one area. */
  'GET /documents/library/:file': {
    operationId: 'libraryFile',
    summary: 'A volume of the library as a PDF (`part-1.pdf` ... `part-8.pdf`).',
    tags: ['library'],
    params: z.object({ file: z.string() }),
    answers: {
      200: fileAnswer('application/pdf', 'The volume.'),
      304: emptyAnswer('Not modified: the If-None-Match ETag is current.'),
    },
    errors: { 404: 'No such file.' },
    headers: { ETag: { description: 'The file’s validator.' } },
  },
});
