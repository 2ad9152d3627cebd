import type { MissingDaysResponse, PriceSuspect, PriceSuspectList } from '@fueldesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const suspectsKey = ['admin', 'price-suspects'] as const;
const missingDaysKey = ['admin', 'missing-days'] as const;

/** GET /api/admin/prices/suspects: the values flagged suspect and not reviewed yet (admin only). */
export function useSuspectValues({ page, pageSize }: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...suspectsKey, page, pageSize],
    queryFn: ({ signal }) => api.get<PriceSuspectList>(`/admin/prices/suspects?status=open&page=${page}&page_size=${pageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type SuspectReview = { kind: 'confirm'; id: string } | { kind: 'correct'; id: string; value: string };

/** POST …/suspects/{id}/confirm or …/correct; the list, the daily table (its badge, a corrected value, spreads) refetch. */
export function useReviewSuspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...suspectsKey, 'review'],
    mutationFn: (review: SuspectReview) =>
      review.kind === 'confirm'
        ? api.post<PriceSuspect>(`/admin/prices/suspects/${encodeURIComponent(review.id)}/confirm`)
        : api.post<PriceSuspect>(`/admin/prices/suspects/${encodeURIComponent(review.id)}/correct`, { value: review.value }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: suspectsKey });
      void queryClient.invalidateQueries({ queryKey: ['prices'] });
    },
  });
}

/** GET /api/admin/prices/missing-days: per spot product, the US business days without a value. */
export function useMissingDays() {
  return useQuery({ queryKey: missingDaysKey, queryFn: ({ signal }) => api.get<MissingDaysResponse>('/admin/prices/missing-days', { signal }) });
}
