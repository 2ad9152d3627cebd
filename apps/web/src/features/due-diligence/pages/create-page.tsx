import { DUE_DESCRIPTION_MAX, type DueForm } from '@fueldesk/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/form-field';
import { isApiError, resolveErrorMessage } from '@/lib/api-client';
import { useCreateDueReport } from '../api/create-due-report';
import { useDueUsage } from '../api/get-due-usage';
import { DueDiligenceForm } from '../components/due-form';
import { UsageMeter } from '../components/usage-meter';
import { writePendingContact } from '../lib/pending-contact';

const PLANS_PATH = '/#plans';

/** SPEC.md §8's create failure: 'HTTP {status} {text} - {body}'; a call that got no answer keeps its own message. */
export function createFailureText(error: unknown): string {
  if (isApiError(error) && error.status > 0) return `HTTP ${error.status} ${error.statusText} - ${error.body}`;
  return resolveErrorMessage(error);
}

interface Confirmation {
  form: DueForm;
  settle: (outcome: { error?: unknown }) => void;
}

/** /due-diligence/create: the form, the consent confirmation, then 'processing' until the notification. */
export default function DueDiligenceCreatePage() {
  const { t, i18n } = useTranslation('due');
  const usage = useDueUsage();
  const mutation = useCreateDueReport();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const formKey = useRef(0);
  const processingRef = useRef<HTMLDivElement>(null);

  // The button sits at the end of a long form: bring the 'processing' message into view and announce it.
  useEffect(() => {
    if (!created) return;
    processingRef.current?.scrollIntoView?.({ block: 'center' });
    processingRef.current?.focus({ preventScroll: true });
  }, [created]);

  // Usage that cannot be loaded blocks nothing: the server enforces the limit and answers PLAN_LIMIT.
  const limitReached = (isApiError(mutation.error) && mutation.error.code === 'PLAN_LIMIT') || (usage.data ? usage.data.remaining <= 0 : false);
  // period_end is the first instant (UTC) of next month: the date is shown in UTC so it is the same day everywhere.
  const resetDate = usage.data ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(usage.data.period_end)) : null;

  // The form waits for the dialog: confirming sends it (a 400 then lands beside the fields), cancelling sends nothing.
  const askConfirmation = (form: DueForm) =>
    new Promise<void>((resolve, reject) => {
      setConfirmation({ form, settle: ({ error }) => (error ? reject(error) : resolve()) });
    });

  const confirm = async () => {
    if (!confirmation) return;
    const { form, settle } = confirmation;
    setConfirmation(null);
    const contactName = form.contact_name || form.owner_name;
    try {
      const report = await mutation.mutateAsync({ description: description.trim(), contact_name: contactName, extra: form });
      writePendingContact(report.title, Date.parse(report.created_at));
      setCreated(report.title);
      setDescription('');
      formKey.current += 1;
      settle({});
    } catch (error) {
      settle({ error });
    }
  };

  const cancel = () => {
    confirmation?.settle({});
    setConfirmation(null);
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 p-4 sm:p-6">
      {usage.data ? <UsageMeter usage={usage.data} /> : null}
      {limitReached ? (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100">
          <p className="font-semibold">{t('form.limitTitle')}</p>
          <p className="mt-1">{usage.data ? t('form.limitBody', { used: usage.data.used, limit: usage.data.limit }) : t('form.limitBodyNoUsage')}</p>
          {resetDate ? <p className="mt-1">{t('form.limitResets', { date: resetDate })}</p> : null}
          <Link to={PLANS_PATH} className="mt-2 inline-block font-semibold underline">
            {t('form.seePlans')}
          </Link>
        </div>
      ) : null}
      {created ? (
        <div ref={processingRef} tabIndex={-1} role="status" className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-500/40 dark:bg-sky-500/10 dark:text-sky-100">
          <p>{t('form.processing', { name: created })}</p>
          <Link to="/due-diligence" className="mt-2 inline-block font-semibold underline">
            {t('form.viewReports')}
          </Link>
        </div>
      ) : null}
      {mutation.isError && !limitReached && !(isApiError(mutation.error) && mutation.error.fields) ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {t('form.failure')} {createFailureText(mutation.error)}
        </p>
      ) : null}
      <TextAreaField
        id="due-description"
        label={t('form.description')}
        hint={t('form.descriptionHint')}
        rows={2}
        maxLength={DUE_DESCRIPTION_MAX}
        disabled={limitReached}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <DueDiligenceForm key={formKey.current} pending={mutation.isPending} disabled={limitReached} onValid={askConfirmation} />
      <Dialog open={confirmation !== null} title={t('form.confirmTitle')} description={t('form.confirmBody')} onClose={cancel}>
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="secondary" onClick={cancel}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => void confirm()}>{t('form.confirm')}</Button>
        </div>
      </Dialog>
      <Link to="/due-diligence" className={buttonClassName('ghost', 'self-start')}>
        {t('detail.back')}
      </Link>
    </div>
  );
}
