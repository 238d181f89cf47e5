import { useParams } from 'react-router';
import { RegistrationInspections } from '../../features/company/components/inspection-list';
import { RegistrationClock } from '../../features/clocks/components/registration-clock';
import { RegistrationDetail } from '../../features/form-one/components/registration-detail';

export function Component() {
  const { id } = useParams();
  return (
    <RegistrationDetail
      id={id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null}
      // The EIET company's inspections, once the registration is submitted.
      related={(record) =>
        record.submitted_at ? (
          <>
            <RegistrationClock id={record.id} mode="party" />
            <RegistrationInspections inspections={record.inspections ?? []} />
          </>
        ) : null
      }
    />
  );
}
