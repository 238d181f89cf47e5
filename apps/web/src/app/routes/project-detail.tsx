import { useParams } from 'react-router';
import { ProjectDetailView } from '../../features/projects/components/project-detail-view';

export function Component() {
  const { id } = useParams();
  // Its title is set by the view: the project's name once known.
  // A new id is a new page: no state of the previous project carries over.
  return <ProjectDetailView key={id} id={id?.trim() || undefined} />;
}
