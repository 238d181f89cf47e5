import type { FastifyPluginAsync } from 'fastify';
import { pageLanguage } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { PreparedAnswer, sendAnswer } from '../../lib/prepared-answer';
import { route } from '../../plugins/route';
import { projectsRepository } from '../projects/projects.repository';
import { robotsTxt, securityTxt, sitemapOf, webAppManifest } from './site-files';

const TEXT_TYPE = 'text/plain; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * GET /api/v1/site/contact: the committee's contact details from the settings (CONTACT_*);
 * and the site's files for other programs (docs/decisions/084).
 */
export function siteRoutes({ config, database, now }: ModuleDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, 'GET /api/v1/site/contact', async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return { status: 'success' as const, contact: config.contact };
    });

    const robots = robotsTxt(config.appUrl);
    route(app, 'GET /robots.txt', async (_req, reply) =>
      reply.type(TEXT_TYPE).header('Cache-Control', 'public, max-age=3600').send(robots),
    );

    // The projects' list changes the sitemap: kept ready as the lists are (decision 002), in a
    // file once it grows with the data (docs/decisions/110).
    const projects = projectsRepository(database.db);
    const sitemap = PreparedAnswer.streamed(database, 'projects', () =>
      sitemapOf(config.appUrl, projects.listInBatches()),
    );
    route(app, 'GET /sitemap.xml', async (req, reply) => sendAnswer(req, reply, await sitemap.get(), XML_TYPE), {
      prepared: { answer: sitemap, type: XML_TYPE },
    });

    route(app, 'GET /manifest.webmanifest', async (req, reply) => {
      const lang = pageLanguage(req.headers.cookie, req.headers['accept-language']);
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Content-Language', lang)
        .header('Vary', 'Cookie, Accept-Language')
        .send(JSON.stringify(webAppManifest(lang)));
    });

    route(app, 'GET /.well-known/security.txt', async (_req, reply) =>
      reply
        .type(TEXT_TYPE)
        .header('Cache-Control', 'public, max-age=86400')
        .send(securityTxt(config.appUrl, config.contact, now())),
    );
  };
}
