import { normalizeProfileUpdate, type Profile, type ProfileUpdateBody } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryOptions } from './get-profile';

/** PUT /api/auth/profile with SPEC.md §5's normalisation applied before sending (the server applies it too). */
export function updateProfile(body: ProfileUpdateBody): Promise<Profile> {
  return api.put<Profile>('/auth/profile', normalizeProfileUpdate(body));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'update'],
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
    },
  });
}
