import { useParams } from 'react-router';
import { SiteConcerns } from '../../features/concerns/components/site-concerns';
import { VerifyDocuments } from '../../features/documents/components/verify-documents';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { VerifyPage } from '../../features/reviews/components/verify-page';

export function Component() {
  const { reference = '' } = useParams();
  const lang = useLang();
  return (
    <>
      <VerifyPage
        reference={reference}
        // The approved sheets and the check of a copy (issue 25).
        renderDocuments={(answer) => (
          <VerifyDocuments reference={reference} documents={answer.documents ?? []} locale={lang} />
        )}
      />
      {/* The signboard's QR code leads here: concerns about an approved site (issue 27). */}
      <SiteConcerns reference={reference} />
    </>
  );
}
