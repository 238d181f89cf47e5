import type { Database } from '../../db/client';
import { projectsRepository } from './projects.repository';

/** The public page of one project: `/project-detail/{id}` answers 404 when there is no such project. */
export function projectDetailPage(database: Database) {
  const repo = projectsRepository(database.db);
  return {
    prefix: '/project-detail/',
    exists: async (id: number) => (await repo.findById(id)) !== undefined,
  };
}
