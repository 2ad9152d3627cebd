import { inboxStatuses, type AdminInboxDetail, type AdminInboxUpdateBody, type InboxAssignee, type InboxKind, type InboxStatus } from '@fueldesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { PageLoader } from '@/components/ui/spinner';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useAdminInboxItem } from '../api/get-admin-inbox';
import { useUpdateAdminInboxItem } from '../api/update-admin-inbox-item';
import { InboxStatusBadge } from './inbox-status-badge';

interface InboxDetailDialogProps {
  item: { kind: InboxKind; id: string } | null;
  assignees: readonly InboxAssignee[];
  onClose: () => void;
}

interface TriageForm {
  status: InboxStatus;
  /** '' is nobody. */
  assignee_id: string;
}

/** Known form fields get a label; any other is shown under its API name. */
const FIELD_KEYS = ['type', 'phone', 'company', 'job_title', 'employees', 'industry', 'interests', 'regions', 'operational_scale'] as const;

function TriageEditor({ detail, assignees }: { detail: AdminInboxDetail; assignees: readonly InboxAssignee[] }) {
  const { t } = useTranslation('admin');
  const update = useUpdateAdminInboxItem();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, onSubmit, reset, formState } = useSubmitForm<TriageForm>({
    emptyValues: { status: detail.status, assignee_id: detail.assignee?.id ?? '' },
    mode: 'onSubmit',
    // The saved triage comes back as the new detail and becomes the baseline (the effect below).
    keepValues: true,
    submit: async (values) => {
      setFailure(null);
      const body: AdminInboxUpdateBody = {};
      if (values.status !== detail.status) body.status = values.status;
      const assigneeId = values.assignee_id || null;
      if (assigneeId !== (detail.assignee?.id ?? null)) body.assignee_id = assigneeId;
      if (body.status === undefined && body.assignee_id === undefined) return;
      try {
        await update.mutateAsync({ kind: detail.kind, id: detail.id, body });
        toast.success(t('inbox.saved'));
      } catch (error) {
        setFailure(isApiError(error) && error.detail ? error.detail : resolveErrorMessage(error));
      }
    },
  });
  useEffect(() => reset({ status: detail.status, assignee_id: detail.assignee?.id ?? '' }), [detail.status, detail.assignee?.id, reset]);

  // A message assigned to someone who is no longer an active admin still shows that person.
  const options = useMemo(() => {
    const people = [...assignees];
    if (detail.assignee && !people.some((person) => person.id === detail.assignee!.id)) people.push(detail.assignee);
    return [{ value: '', label: t('inbox.nobody') }, ...people.map((person) => ({ value: person.id, label: person.name }))];
  }, [assignees, detail.assignee, t]);

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('inbox.status')} options={inboxStatuses.map((value) => ({ value, label: t(`inbox.statuses.${value}`) }))} {...register('status')} />
        <SelectField label={t('inbox.assignee')} options={options} {...register('assignee_id')} />
      </div>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={update.isPending || !formState.isDirty}>
          {update.isPending ? t('inbox.saving') : t('inbox.save')}
        </Button>
      </div>
    </form>
  );
}

/** One message in full, with its status and assignee to change. */
export function InboxDetailDialog({ item, assignees, onClose }: InboxDetailDialogProps) {
  const { t, i18n } = useTranslation('admin');
  const query = useAdminInboxItem(item);
  const detail = query.data;
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  const fields = detail ? FIELD_KEYS.filter((key) => detail.fields[key]).map((key) => [key, detail.fields[key]!] as const) : [];

  return (
    <Dialog open={item !== null} onClose={onClose} title={detail ? detail.subject : t('inbox.message')} closeLabel={t('inbox.close')} initialFocus="close">
      {query.isPending ? <PageLoader /> : null}
      {query.isError ? <ErrorState title={t('inbox.detailFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} /> : null}
      {detail ? (
        <div>
          <div className="max-h-[55vh] overflow-y-auto pr-1">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500 dark:text-slate-400">{t('inbox.kind')}</dt>
              <dd>{t(`inbox.kinds.${detail.kind}`)}</dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('inbox.from')}</dt>
              <dd className="break-words">
                {detail.from_name} ·{' '}
                <a className="text-amber-700 underline dark:text-amber-400" href={`mailto:${detail.from_email}`}>
                  {detail.from_email}
                </a>
              </dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('inbox.received')}</dt>
              <dd>{dateFormat.format(new Date(detail.created_at))}</dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('inbox.status')}</dt>
              <dd>
                <InboxStatusBadge status={detail.status} />
              </dd>
              {detail.language ? (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">{t('inbox.language')}</dt>
                  <dd>{t(`inbox.languages.${detail.language === 'es' ? 'es' : 'en'}`)}</dd>
                </>
              ) : null}
              {fields.map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-slate-500 dark:text-slate-400">{t(`inbox.fields.${key}`)}</dt>
                  <dd className="break-words">{key === 'type' ? t(`inbox.supportTypes.${value}`, { defaultValue: value }) : value}</dd>
                </div>
              ))}
            </dl>
            <h3 className="mt-4 text-sm font-semibold">{t('inbox.messageText')}</h3>
            <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">{detail.message || t('inbox.noText')}</p>
          </div>
          <TriageEditor key={`${detail.kind}:${detail.id}`} detail={detail} assignees={assignees} />
        </div>
      ) : null}
    </Dialog>
  );
}
