import { FOUR_EYES_SCORE, screeningDecisionKinds, type MatchDecision, type ScreeningDecisionKind } from '@fueldesk/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/form-field';
import { ApiError, resolveErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateDecision } from './create-decision';

export interface DecisionMatch {
  entity_id: string;
  /** The list entry's primary name. */
  name: string;
  score: number;
  decision?: MatchDecision;
}

interface DecisionControlProps {
  /** The screened name (a search's query, a batch row, a report's field). */
  subjectName: string;
  match: DecisionMatch;
  reportId?: string;
  /** The watchlist item the match belongs to, recorded as the decision's context. */
  watchId?: string;
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/** What a match shows of its decision: cleared (by whom, when, why), pending approval, or reopened. */
export function DecisionSummary({ decision }: { decision: MatchDecision }) {
  const { t } = useTranslation('decisions');
  const by = decision.decided_by_email ?? '—';
  const tone = decision.cleared
    ? 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200'
    : decision.status === 'pending_approval' || decision.reopened_reason
      ? 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200'
      : 'border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200';
  const headline = decision.cleared
    ? t('control.cleared', { by, date: day(decision.approved_at ?? decision.decided_at) })
    : decision.status === 'pending_approval'
      ? t('control.pending', { kind: t(`kinds.${decision.decision}`), by, date: day(decision.decided_at) })
      : t('control.decided', { kind: t(`kinds.${decision.decision}`), by, date: day(decision.decided_at) });
  return (
    <div className={`mt-2 rounded-lg border px-2 py-1.5 text-xs [overflow-wrap:anywhere] ${tone}`} data-testid="match-decision">
      <p className="font-semibold">
        {headline}
        {decision.approved_by_email ? ` · ${t('control.approvedBy', { by: decision.approved_by_email })}` : ''}
      </p>
      <p>{t('control.note', { note: decision.note })}</p>
      {decision.reopened_reason ? <p className="font-semibold">{t('control.reopened', { reason: decision.reopened_reason })}</p> : null}
    </div>
  );
}

/**
 * A match's decision and the button that records one: a dialog (the UI kit's) with the three
 * decisions and a required note. Clearing a match scored ≥ 0.95 says it waits for an administrator.
 */
export function DecisionControl({ subjectName, match, reportId, watchId }: DecisionControlProps) {
  const { t } = useTranslation('decisions');
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ScreeningDecisionKind>('false_positive');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateDecision();
  const groupId = useId();
  const score = `${Math.round(match.score * 100)} %`;

  const close = () => {
    setOpen(false);
    setError(undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setError(t('dialog.noteRequired'));
      return;
    }
    try {
      const saved = await create.mutateAsync({
        subject_name: subjectName,
        entity_id: match.entity_id,
        decision: kind,
        note: note.trim(),
        ...(reportId ? { report_id: reportId } : {}),
        ...(watchId ? { watch_id: watchId } : {}),
      });
      toast.success(saved.status === 'pending_approval' ? t('dialog.savedPending') : t('dialog.saved'));
      setNote('');
      close();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.detail ? (caught.fields?.note ?? caught.detail) : resolveErrorMessage(caught));
    }
  };

  return (
    <div>
      {match.decision ? <DecisionSummary decision={match.decision} /> : null}
      <Button variant="secondary" className="mt-2 px-2 py-1 text-xs" onClick={() => setOpen(true)} aria-label={t('control.decideOn', { entry: match.name, name: subjectName })}>
        {match.decision ? t('control.change') : t('control.decide')}
      </Button>
      <Dialog open={open} onClose={close} title={t('dialog.title')} description={t('dialog.description', { name: subjectName, entry: match.name, score })}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <fieldset>
            <legend id={groupId} className="text-sm font-semibold">
              {t('dialog.kind')}
            </legend>
            <div className="mt-2 space-y-2">
              {screeningDecisionKinds.map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm">
                  <input type="radio" name={`${groupId}-kind`} value={option} checked={kind === option} onChange={() => setKind(option)} className="focus-ring" />
                  {t(`kinds.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {kind === 'false_positive' && match.score >= FOUR_EYES_SCORE ? (
            <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">{t('dialog.fourEyes')}</p>
          ) : null}
          <TextAreaField
            label={t('dialog.note')}
            required
            rows={4}
            maxLength={2000}
            value={note}
            placeholder={t('dialog.notePlaceholder')}
            onChange={(event) => {
              setNote(event.target.value);
              if (error) setError(undefined);
            }}
            error={error}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('dialog.saving') : t('dialog.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
