import type { WatchlistItem, WatchlistType } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { api, resolveErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** "Watch": adds a screened name to the caller's counterparty watchlist in one click (issue 31). */
export function WatchButton({ name, type, reportId }: { name: string; type?: WatchlistType; reportId?: string }) {
  const { t } = useTranslation('watchlist');
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const add = useMutation({
    mutationKey: ['watchlist', 'add'],
    mutationFn: () => api.post<WatchlistItem>('/watchlist', { name, type, report_id: reportId }),
    onSuccess: () => {
      setDone(true);
      toast.success(t('watch.done', { name }));
      void queryClient.invalidateQueries({ queryKey: ['watchlist'] });
    },
    onError: (error) => toast.error(resolveErrorMessage(error)),
  });
  return (
    <Button variant="secondary" aria-label={t('watch.label', { name })} disabled={done || add.isPending} onClick={() => add.mutate()}>
      {done ? '✓ ' : ''}
      {t('watch.button')}
    </Button>
  );
}
