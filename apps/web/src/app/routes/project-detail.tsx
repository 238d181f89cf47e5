import { useParams } from 'react-router';
import { ProjectDetailView } from '../../features/projects/components/project-detail-view';
import { PublicConstruction } from '../../features/stages/components/public-construction';
import { useLang } from '../../features/form-one/hooks/use-lang';

export function Component() {
  const { id } = useParams();
  const lang = useLang();
  // Its title is set by the view: the project's name once known.
  // A new id is a new page: no state of the previous project carries over.
  return (
    <ProjectDetailView
      key={id}
      id={id?.trim() || undefined}
      // Its construction once approved: stages, inspections done, and the way to /verify (issue 30).
      renderAfter={(project) =>
        project.construction ? <PublicConstruction construction={project.construction} locale={lang} /> : null
      }
    />
  );
}
