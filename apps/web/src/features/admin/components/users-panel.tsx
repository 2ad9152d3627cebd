import { planCodes, roles, type AdminUserRow, type AdminUserUpdateBody } from '@fueldesk/contracts';
import { useId, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { useAdminUsers } from '../api/get-admin-users';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { SearchForm } from './search-form';
import { controlClassName } from './styles';
import { Input, Select } from '@/components/ui/controls';

const PAGE_SIZE = 25;

/** A change the admin picked and has yet to confirm: role, plan, or deactivation. */
type PendingChange =
  | { row: AdminUserRow; kind: 'role'; body: { role: AdminUserRow['role'] } }
  | { row: AdminUserRow; kind: 'plan'; body: { plan_code: (typeof planCodes)[number] } }
  | { row: AdminUserRow; kind: 'deactivate'; body: { active: false } };

/**
 * Users with role, plan and active changes (PATCH /api/admin/users/{id}, on the audit trail); admins
 * only. A role, plan or deactivation takes effect only once the admin confirms it in a dialog.
 */
export function UsersPanel() {
  const { t, i18n } = useTranslation('admin');
  const baseId = useId();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const query = useAdminUsers({ page, pageSize: PAGE_SIZE, q });
  const update = useUpdateAdminUser();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);

  const change = async (row: AdminUserRow, body: AdminUserUpdateBody) => {
    try {
      await update.mutateAsync({ id: row.id, body });
      toast.success(t('users.saved', { email: row.email }));
    } catch (error) {
      toast.error(isApiError(error) && error.detail ? error.detail : resolveErrorMessage(error));
    }
  };

  const confirm = async () => {
    if (!pending) return;
    await change(pending.row, pending.body);
    setPending(null);
  };
  const describe = (change: PendingChange) => {
    if (change.kind === 'role') return t('users.confirmChangeBody', { from: t(`users.roles.${change.row.role}`), to: t(`users.roles.${change.body.role}`) });
    if (change.kind === 'plan') return t('users.confirmChangeBody', { from: t(`users.plans.${change.row.plan_code}`), to: t(`users.plans.${change.body.plan_code}`) });
    return t('users.confirmDeactivateBody');
  };

  const items = query.data?.items ?? [];
  const busyId = update.isPending ? update.variables?.id : null;

  return (
    <section aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="sr-only">
        {t('tabs.users')}
      </h2>
      <SearchForm
        label={t('users.search')}
        submitLabel={t('sessions.apply')}
        onSearch={(text) => {
          setPage(1);
          setQ(text);
        }}
      />

      <DataTable
        query={query}
        rows={items}
        rowKey={(row) => row.id}
        caption={t('users.caption')}
        minWidthClass="min-w-[56rem]"
        errorTitle={t('users.failed')}
        retryLabel={t('retry')}
        emptyText={t('users.empty')}
        paging={{ page, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPage }}
        columns={[
          {
            key: 'user',
            header: t('users.user'),
            cell: (row) => (
              <>
                <p className="font-medium text-slate-900 dark:text-slate-100">
                  {row.name}
                  {row.is_superadmin ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">{t('users.superadmin')}</span> : null}
                  {row.is_demo ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">{t('users.demo')}</span> : null}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{row.email}</p>
              </>
            ),
          },
          {
            key: 'role',
            header: t('users.role'),
            cell: (row) => (
              <Select
                aria-label={t('users.roleFor', { email: row.email })}
                value={row.role}
                disabled={busyId === row.id}
                onChange={(event) => setPending({ row, kind: 'role', body: { role: event.target.value as AdminUserRow['role'] } })}
                className={controlClassName}
              >
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {t(`users.roles.${role}`)}
                  </option>
                ))}
              </Select>
            ),
          },
          {
            key: 'plan',
            header: t('users.plan'),
            cell: (row) => (
              <Select
                aria-label={t('users.planFor', { email: row.email })}
                value={row.plan_code}
                disabled={busyId === row.id}
                onChange={(event) => setPending({ row, kind: 'plan', body: { plan_code: event.target.value as (typeof planCodes)[number] } })}
                className={controlClassName}
              >
                {planCodes.map((plan) => (
                  <option key={plan} value={plan}>
                    {t(`users.plans.${plan}`)}
                  </option>
                ))}
              </Select>
            ),
          },
          {
            key: 'active',
            header: t('users.active'),
            cell: (row) => (
              <label className="flex items-center gap-2">
                <Input
                  type="checkbox"
                  checked={row.active}
                  disabled={busyId === row.id}
                  onChange={(event) => (event.target.checked ? void change(row, { active: true }) : setPending({ row, kind: 'deactivate', body: { active: false } }))}
                  className="size-5 accent-amber-600"
                />
                <span className="sr-only">{t('users.activeFor', { email: row.email })}</span>
                <span aria-hidden="true" className="text-slate-700 dark:text-slate-300">
                  {row.active ? t('users.yes') : t('users.no')}
                </span>
              </label>
            ),
          },
          { key: 'verified', header: t('users.verified'), cell: (row) => (row.email_verified ? t('users.yes') : t('users.no')) },
          { key: 'created', header: t('users.created'), className: 'whitespace-nowrap', cell: (row) => dateFormat.format(new Date(row.created_at)) },
        ]}
      />

      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`users.confirm.${pending.kind}.title`, { email: pending.row.email }) : ''}
        description={pending ? describe(pending) : undefined}
        cancelLabel={t('cancel')}
        confirmLabel={pending ? t(`users.confirm.${pending.kind}.action`) : ''}
        busy={update.isPending}
        gap="gap-3"
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
