import type { Database } from '../../db/client';
import type { RecordMeta } from '../../plugins/web-app';
import { projectsRepository } from './projects.repository';

/**
 * The public page of one project: `/project-detail/{id}` answers 404 when there is no such
 * project, and otherwise carries the project's name as its title and its developer, place and
 * status in its description (the Open Graph tags of a shared link; docs/decisions/084).
 */
export function projectDetailPage(database: Database) {
  const repo = projectsRepository(database.db);
  return {
    prefix: '/project-detail/',
    pattern: '/project-detail/:id',
    describe: async (id: number): Promise<RecordMeta | undefined> => {
      const project = await repo.findById(id);
      if (!project) return undefined;
      return {
        title: project.project_name,
        values: {
          developer: project.developer ?? '',
          location: project.location ?? '',
          state: project.state ?? '',
          status: project.status ?? '',
        },
      };
    },
  };
}
