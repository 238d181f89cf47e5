import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ROLE_SLUGS, type RoleSlug, type UserWithRoles } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { serverMessageOr, useMessageText } from '../../../lib/auth/form-errors';
import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../../components/ui/select-field';
import { companyRegisterQuery, updateAdminUser } from '../api/admin-users';

interface EditUserDialogProps {
  user: UserWithRoles;
  onClose: () => void;
  onSaved: (name: string) => void;
}

/** Status, roles and the admin flag of one account (PATCH /api/admin/users/{id}). */
export function EditUserDialog({ user, onClose, onSaved }: EditUserDialogProps) {
  const { t } = useTranslation('admin');
  const text = useMessageText();
  const [status, setStatus] = useState(user.status);
  const [roles, setRoles] = useState<RoleSlug[]>(user.roles.map((r) => r.slug));
  const [isAdmin, setIsAdmin] = useState(user.is_admin);
  // The company the account works for (issue 13): a kind, then a company of that register.
  const [companyKind, setCompanyKind] = useState<'' | 'eiet' | 'pile'>(user.company?.kind ?? '');
  const [companyId, setCompanyId] = useState(user.company ? String(user.company.id) : '');
  const register = useQuery({ ...companyRegisterQuery(companyKind || 'eiet'), enabled: companyKind !== '' });
  const [companyError, setCompanyError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);

  async function save() {
    if (companyKind && !companyId) {
      setCompanyError(t('company.required'));
      return;
    }
    setCompanyError(undefined);
    setSaving(true);
    setFailure(null);
    try {
      await updateAdminUser(user.id, {
        status,
        roles,
        is_admin: isAdmin,
        company: companyKind ? { kind: companyKind, id: Number(companyId) } : null,
      });
      onSaved(user.name);
    } catch (e) {
      if (e instanceof ApiError && e.errors)
        setFailure(
          Object.values(e.errors)
            .flat()
            .map((m) => text(m)!),
        );
      else setFailure([serverMessageOr(e, t('saveFailed'))]);
    } finally {
      setSaving(false);
    }
  }

  const toggleRole = (slug: RoleSlug, on: boolean) =>
    setRoles((current) => (on ? [...current, slug] : current.filter((s) => s !== slug)));

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('dialogTitle')}
      description={`${user.name} — ${user.email}`}
      closeLabel={t('close')}
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} busyText={t('saving')}>
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        {failure && (
          <Alert variant="error">
            {failure.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
        )}
        <fieldset className="space-y-2">
          <legend className="font-semibold text-slate-900">{t('accountStatus')}</legend>
          <p className="text-sm text-slate-600">{t('statusHint')}</p>
          <div className="flex flex-wrap gap-4">
            {(['active', 'inactive'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="status"
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                  className="size-5 accent-blue-800"
                />
                {t(`status.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-semibold text-slate-900">{t('rolesLegend')}</legend>
          {ROLE_SLUGS.map((slug) => (
            <Checkbox
              key={slug}
              label={t(`roleNames.${slug}`)}
              checked={roles.includes(slug)}
              onChange={(e) => toggleRole(slug, e.target.checked)}
            />
          ))}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="font-semibold text-slate-900">{t('company.legend')}</legend>
          <p className="text-sm text-slate-600">{t('company.hint')}</p>
          <SelectField
            label={t('company.kind')}
            value={companyKind}
            onChange={(e) => {
              setCompanyKind(e.target.value as '' | 'eiet' | 'pile');
              setCompanyId('');
            }}
            options={[
              { value: '', label: t('company.none') },
              { value: 'eiet', label: t('company.eiet') },
              { value: 'pile', label: t('company.pile') },
            ]}
          />
          {companyKind && (
            <SelectField
              label={t('company.name')}
              value={companyId}
              onChange={(e) => setCompanyId(e.target.value)}
              placeholder={register.isPending ? t('company.loading') : t('company.choose')}
              options={(register.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              error={companyError}
              required
            />
          )}
        </fieldset>
        <Checkbox
          label={t('isAdmin')}
          hint={t('isAdminHint')}
          checked={isAdmin}
          onChange={(e) => setIsAdmin(e.target.checked)}
        />
      </div>
    </Dialog>
  );
}
