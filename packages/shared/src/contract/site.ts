import { z } from 'zod';
import { emptyAnswer, endpoints, fileAnswer } from './endpoint';

/** What the server itself answers: its description, its health, and the library's files. */

export const siteEndpoints = endpoints({
  'GET /api/openapi.json': {
    operationId: 'getOpenApi',
    summary: 'This document: the OpenAPI 3.1 description of every operation.',
    tags: ['site'],
    answers: { 200: z.object({ openapi: z.string() }).loose() },
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
