import { INSPECTION_OUTCOMES, type InspectionOutcome } from '@hpbc/shared/company-work-terms';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/translation';

/**
 * An inspection's result as the team records it, the same two fields in the record dialog
 * (inspections-page.tsx) and on site (onsite-inspection.tsx): the outcome, required, and the
 * remarks (2000 characters, as the server takes them).
 */
export function ResultFields({
  outcome,
  remarks,
  onOutcome,
  onRemarks,
  errors = {},
}: {
  outcome: InspectionOutcome | '';
  remarks: string;
  onOutcome: (outcome: InspectionOutcome | '') => void;
  onRemarks: (remarks: string) => void;
  errors?: { outcome?: string; remarks?: string };
}) {
  const { t } = useTranslation('company');
  return (
    <>
      <SelectField
        label={t('inspections.outcomeLabel')}
        value={outcome}
        onChange={(e) => onOutcome(e.target.value as InspectionOutcome | '')}
        placeholder={t('inspections.choose')}
        options={INSPECTION_OUTCOMES.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
        error={errors.outcome}
        required
      />
      <TextAreaField
        label={t('inspections.remarksLabel')}
        value={remarks}
        onChange={(e) => onRemarks(e.target.value)}
        error={errors.remarks}
        maxLength={2000}
        rows={3}
      />
    </>
  );
}
