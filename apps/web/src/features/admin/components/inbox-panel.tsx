import { inboxKinds, inboxStatuses, type AdminInboxItem, type InboxKind, type InboxStatus } from '@fueldesk/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { useAdminInbox, useInboxAssignees } from '../api/get-admin-inbox';
import { InboxDetailDialog } from './inbox-detail-dialog';
import { InboxStatusBadge } from './inbox-status-badge';
import { SearchForm } from './search-form';
import { controlClassName } from './styles';
import { Select } from '@/components/ui/controls';

const PAGE_SIZE = 25;

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}

function FilterSelect({ id, label, value, onChange, options }: FilterSelectProps) {
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={`mt-1 ${controlClassName}`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** What visitors and users send: contact messages, sales enquiries, support messages; read, assign, answer. */
export function InboxPanel() {
  const { t, i18n } = useTranslation('admin');
  const baseId = useId();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<InboxKind | ''>('');
  const [status, setStatus] = useState<InboxStatus | ''>('open');
  const [assignee, setAssignee] = useState('');
  const [q, setQ] = useState('');
  const [opened, setOpened] = useState<{ kind: InboxKind; id: string } | null>(null);
  const query = useAdminInbox({ page, pageSize: PAGE_SIZE, kind: kind || undefined, status: status || undefined, assignee, q });
  const assignees = useInboxAssignees();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }), [i18n.language]);

  const filter =
    <T extends string>(set: (value: T) => void) =>
    (value: string) => {
      setPage(1);
      set(value as T);
    };

  const items = query.data?.items ?? [];

  return (
    <section aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="sr-only">
        {t('tabs.inbox')}
      </h2>
      <SearchForm
        label={t('inbox.search')}
        submitLabel={t('sessions.apply')}
        onSearch={(text) => {
          setPage(1);
          setQ(text);
        }}
      >
        <FilterSelect
          id={`${baseId}-kind`}
          label={t('inbox.kind')}
          value={kind}
          onChange={filter<InboxKind | ''>(setKind)}
          options={[{ value: '', label: t('inbox.all') }, ...inboxKinds.map((value) => ({ value, label: t(`inbox.kinds.${value}`) }))]}
        />
        <FilterSelect
          id={`${baseId}-status`}
          label={t('inbox.status')}
          value={status}
          onChange={filter<InboxStatus | ''>(setStatus)}
          options={[{ value: '', label: t('inbox.all') }, ...inboxStatuses.map((value) => ({ value, label: t(`inbox.statuses.${value}`) }))]}
        />
        <FilterSelect
          id={`${baseId}-assignee`}
          label={t('inbox.assignee')}
          value={assignee}
          onChange={filter<string>(setAssignee)}
          options={[
            { value: '', label: t('inbox.anyone') },
            { value: 'me', label: t('inbox.me') },
            { value: 'none', label: t('inbox.nobody') },
            ...(assignees.data?.assignees ?? []).map((admin) => ({ value: admin.id, label: admin.name })),
          ]}
        />
      </SearchForm>

      <DataTable<AdminInboxItem>
        query={query}
        rows={items}
        rowKey={(row) => `${row.kind}:${row.id}`}
        caption={t('inbox.caption')}
        minWidthClass="min-w-[56rem]"
        errorTitle={t('inbox.failed')}
        retryLabel={t('retry')}
        emptyText={t('inbox.empty')}
        paging={{ page, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPage }}
        columns={[
          { key: 'received', header: t('inbox.received'), className: 'whitespace-nowrap', cell: (row) => dateFormat.format(new Date(row.created_at)) },
          { key: 'kind', header: t('inbox.kind'), className: 'whitespace-nowrap', cell: (row) => t(`inbox.kinds.${row.kind}`) },
          {
            key: 'from',
            header: t('inbox.from'),
            cell: (row) => (
              <>
                <p className="font-medium text-slate-900 dark:text-slate-100">{row.from_name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{row.from_email}</p>
              </>
            ),
          },
          {
            key: 'subject',
            header: t('inbox.subject'),
            cell: (row) => (
              <>
                <p className="font-medium text-slate-900 dark:text-slate-100">{row.subject}</p>
                <p className="line-clamp-2 max-w-md text-xs text-slate-500 dark:text-slate-400">{row.preview}</p>
              </>
            ),
          },
          { key: 'status', header: t('inbox.status'), cell: (row) => <InboxStatusBadge status={row.status} /> },
          { key: 'assignee', header: t('inbox.assignee'), cell: (row) => row.assignee?.name ?? <span className="text-slate-500 dark:text-slate-400">{t('inbox.nobody')}</span> },
          {
            key: 'actions',
            header: t('sessions.actions'),
            hiddenHeader: true,
            cell: (row) => (
              <Button variant="secondary" onClick={() => setOpened({ kind: row.kind, id: row.id })} aria-label={t('inbox.openFor', { subject: row.subject, name: row.from_name })}>
                {t('inbox.open')}
              </Button>
            ),
          },
        ]}
      />
      <InboxDetailDialog item={opened} assignees={assignees.data?.assignees ?? []} onClose={() => setOpened(null)} />
    </section>
  );
}
