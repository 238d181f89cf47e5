import { useParams } from 'react-router';
import type { VerifyAnswer } from '@hpbc/shared/counterpart-review';
import { VerifyDocuments } from '../../features/documents/components/verify-documents';
import type { VerifiedDocument } from '../../features/documents/api/documents';
import { useLang } from '../../features/form-one/hooks/use-lang';
import { VerifyPage } from '../../features/reviews/components/verify-page';

export function Component() {
  const { reference = '' } = useParams();
  const lang = useLang();
  return (
    <VerifyPage
      reference={reference}
      // The approved sheets and the check of a copy (issue 25).
      renderDocuments={(answer: VerifyAnswer & { documents?: VerifiedDocument[] }) =>
        answer.documents ? <VerifyDocuments reference={reference} documents={answer.documents} locale={lang} /> : null
      }
    />
  );
}
