import { useParams } from 'react-router';
import { SiteConcerns } from '../../features/concerns/components/site-concerns';
import { VerifyDocuments } from '../../features/documents/components/verify-documents';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { VerifyPage } from '../../features/reviews/components/verify-page';
import { ProjectPageLink } from '../../features/stages/components/public-construction';

export function Component() {
  const { reference = '' } = useParams();
  const lang = useLang();
  return (
    <>
      <VerifyPage
        reference={reference}
        // The approved sheets and the check of a copy (issue 25).
        renderDocuments={(answer) => (
          <>
            {/* /verify, the public project page and the PDF lead to each other (issue 28, item 8). */}
            {answer.project_id ? <ProjectPageLink projectId={answer.project_id} /> : null}
            <VerifyDocuments reference={reference} documents={answer.documents ?? []} locale={lang} />
          </>
        )}
      />
      {/* The signboard's QR code leads here: concerns about an approved site (issue 27). */}
      <SiteConcerns reference={reference} />
    </>
  );
}
