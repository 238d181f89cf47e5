import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserWithRoles } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ListStates } from '../../../components/ui/load-states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Table } from '../../../components/ui/table';
import { formatNumber } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { adminUsersQuery } from '../api/admin-users';
import { EditUserDialog } from './edit-user-dialog';
import { AdminPage, AdminPager, AdminSearch, listLabels } from './admin-page';

/** The admin users screen: search and page live in the URL (convention 7). */
/** The accounts of the portal; `dashboard` (the committee's figures) is shown first under the heading. */
export function AdminUsers({ dashboard }: { dashboard?: ReactNode } = {}) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const queryClient = useQueryClient();
  const {
    filters: { search },
    page,
    go,
  } = useListParams({ search: '' });
  const [editing, setEditing] = useState<UserWithRoles | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const list = useQuery(adminUsersQuery(search, page));

  function openEditor(user: UserWithRoles) {
    setSaved(null);
    setEditing(user);
  }

  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];
  const n = (value: number) => formatNumber(value, locale);

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      {dashboard}
      {/* Not a labelled region: the table inside is the region named "Users" (axe landmark-unique). */}
      <section className="space-y-4">
        <h2 id="admin-users" className="text-xl font-semibold text-slate-900">
          {t('usersTitle')}
        </h2>
        <AdminSearch
          label={t('searchLabel')}
          applied={search}
          fieldClassName="sm:w-96"
          searchLabel={t('search')}
          clearLabel={t('clear')}
          onSearch={(text) => {
            setSaved(null);
            go({ search: text, page: 1 });
          }}
        />

        {saved && (
          <Alert variant="success" dismissLabel={t('close')} onDismiss={() => setSaved(null)}>
            {saved}
          </Alert>
        )}

        <ListStates query={list} rows={rows.length} {...listLabels(t)}>
          {/* Phones get one card per account; wider screens the table. */}
          <ul className="space-y-3 sm:hidden" aria-label={t('usersTitle')}>
            {rows.map((user) => (
              <li key={user.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-semibold break-words text-slate-900">{user.name}</p>
                  <StatusBadge color={user.status === 'active' ? 'green' : 'red'}>
                    {t(`status.${user.status}`)}
                  </StatusBadge>
                </div>
                <p className="text-sm break-all text-slate-800">
                  {user.email}{' '}
                  <span className="text-slate-600">({user.email_verified_at ? t('verified') : t('notVerified')})</span>
                </p>
                <div className="flex flex-wrap items-center gap-1">
                  {user.roles.length === 0 ? (
                    <span className="text-sm text-slate-600">{t('noRoles')}</span>
                  ) : (
                    user.roles.map((role) => (
                      <StatusBadge key={role.slug} color="blue">
                        {t(`roleNames.${role.slug}`, { defaultValue: role.name })}
                      </StatusBadge>
                    ))
                  )}
                  {user.is_admin && <StatusBadge color="yellow">{t('columns.admin')}</StatusBadge>}
                </div>
                {user.company && (
                  <p className="text-sm break-words text-slate-700">
                    {t('company.column')}: {user.company.name}
                  </p>
                )}
                <EditUserButton user={user} onEdit={openEditor} />
              </li>
            ))}
          </ul>
          <Table caption={t('usersTitle')} captionHidden className="hidden sm:block">
            <thead>
              <tr>
                <th scope="col">{t('columns.name')}</th>
                <th scope="col">{t('columns.email')}</th>
                <th scope="col">{t('columns.roles')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col">{t('columns.admin')}</th>
                <th scope="col">
                  <span className="sr-only">{t('columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.id}>
                  <th scope="row" className="!align-top !font-medium !text-slate-900">
                    {user.name}
                  </th>
                  <td>
                    <span className="block whitespace-nowrap">{user.email}</span>
                    <span className="text-xs text-slate-600">
                      {user.email_verified_at ? t('verified') : t('notVerified')}
                    </span>
                  </td>
                  <td>
                    {user.roles.length === 0 ? (
                      <span className="text-slate-600">{t('noRoles')}</span>
                    ) : (
                      <span className="flex flex-wrap gap-1">
                        {user.roles.map((role) => (
                          <StatusBadge key={role.slug} color="blue">
                            {t(`roleNames.${role.slug}`, { defaultValue: role.name })}
                          </StatusBadge>
                        ))}
                      </span>
                    )}
                    {user.company && (
                      <span className="mt-1 block text-sm break-words text-slate-700">
                        {t('company.column')}: {user.company.name}
                      </span>
                    )}
                  </td>
                  <td>
                    <StatusBadge color={user.status === 'active' ? 'green' : 'red'}>
                      {t(`status.${user.status}`)}
                    </StatusBadge>
                  </td>
                  <td>{user.is_admin ? t('adminYes') : <span aria-hidden="true">{t('adminNo')}</span>}</td>
                  <td>
                    <EditUserButton user={user} onEdit={openEditor} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <AdminPager meta={meta} t={t} n={n} onPageChange={(p) => go({ page: p })} />
        </ListStates>
      </section>

      {editing && (
        <EditUserDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setSaved(t('saved', { name }));
            void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
          }}
        />
      )}
    </AdminPage>
  );
}

/** The Edit button of one account, in the phone card and in the table row alike. */
function EditUserButton({ user, onEdit }: { user: UserWithRoles; onEdit: (user: UserWithRoles) => void }) {
  const { t } = useTranslation('admin');
  return (
    <Button variant="secondary" size="sm" aria-label={t('editUser', { name: user.name })} onClick={() => onEdit(user)}>
      {t('edit')}
    </Button>
  );
}
