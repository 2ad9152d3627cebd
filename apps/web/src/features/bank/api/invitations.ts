import type {
  CreateInvitationBody,
  Invitation,
  InvitationDetail,
  InvitationListResponse,
  ReceivedInvitation,
} from '@fueldesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sharingKeys = {
  sent: ['sharing', 'invitations'] as const,
  detail: (id: string) => ['sharing', 'invitations', id] as const,
  received: ['sharing', 'received'] as const,
};

/** GET /api/sharing/invitations: sent invitations and the plan usage. */
export function getInvitations(signal?: AbortSignal): Promise<InvitationListResponse> {
  return api.get<InvitationListResponse>('/sharing/invitations', { signal });
}
export const invitationsQueryOptions = () => queryOptions({ queryKey: sharingKeys.sent, queryFn: ({ signal }) => getInvitations(signal) });
export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}

/** GET /api/sharing/invitations/{id}: data only for the consented scopes while ACCEPTED. */
export function getInvitation(id: string, signal?: AbortSignal): Promise<InvitationDetail> {
  return api.get<InvitationDetail>(`/sharing/invitations/${encodeURIComponent(id)}`, { signal });
}
export function useInvitation(id: string) {
  return useQuery({ queryKey: sharingKeys.detail(id), queryFn: ({ signal }) => getInvitation(id, signal) });
}

function useInvalidateSharing() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['sharing'] });
}

/** POST /api/sharing/invitations */
export function useCreateInvitation() {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationKey: ['sharing', 'create'],
    mutationFn: (body: CreateInvitationBody) => api.post<Invitation>('/sharing/invitations', body),
    onSuccess: invalidate,
  });
}

export type InvitationAction = 'revoke' | 'resend' | 'delete';

/** Revoke, resend or delete one sent invitation. */
export function useInvitationAction() {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationKey: ['sharing', 'action'],
    mutationFn: ({ id, action }: { id: string; action: InvitationAction }) =>
      action === 'delete'
        ? api.delete<null>(`/sharing/invitations/${encodeURIComponent(id)}`)
        : api.post<Invitation>(`/sharing/invitations/${encodeURIComponent(id)}/${action}`),
    onSuccess: invalidate,
  });
}

/** GET /api/sharing/received */
export function getReceivedInvitations(signal?: AbortSignal): Promise<{ invitations: ReceivedInvitation[] }> {
  return api.get<{ invitations: ReceivedInvitation[] }>('/sharing/received', { signal });
}
export function useReceivedInvitations() {
  return useQuery({ queryKey: sharingKeys.received, queryFn: ({ signal }) => getReceivedInvitations(signal) });
}

export type ReceivedAction = 'consent' | 'reject' | 'revoke';

/** The invitee's answer: consent, reject, or withdraw a consent given earlier. */
export function useAnswerInvitation() {
  const invalidate = useInvalidateSharing();
  return useMutation({
    mutationKey: ['sharing', 'answer'],
    mutationFn: ({ id, action }: { id: string; action: ReceivedAction }) =>
      api.post<ReceivedInvitation>(`/sharing/received/${encodeURIComponent(id)}/${action}`),
    onSuccess: invalidate,
  });
}
