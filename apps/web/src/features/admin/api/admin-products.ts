import type { AdminProduct, AdminProductListResponse, CreateProductBody, UpdateProductBody } from '@fueldesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const adminProductsKey = ['admin', 'products'] as const;

/** GET /api/admin/products: every product, retired ones too (admin only). */
export function getAdminProducts(signal?: AbortSignal): Promise<AdminProductListResponse> {
  return api.get<AdminProductListResponse>('/admin/products', { signal });
}

export const adminProductsQueryOptions = () => queryOptions({ queryKey: adminProductsKey, queryFn: ({ signal }) => getAdminProducts(signal) });

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}

export type ProductChange =
  | { kind: 'create'; body: CreateProductBody }
  | { kind: 'update'; code: string; body: UpdateProductBody }
  | { kind: 'retire' | 'reinstate'; code: string };

/** POST /admin/products, PATCH /admin/products/{code}, POST …/retire and …/reinstate. */
export function changeProduct(change: ProductChange): Promise<AdminProduct> {
  switch (change.kind) {
    case 'create':
      return api.post<AdminProduct>('/admin/products', change.body);
    case 'update':
      return api.patch<AdminProduct>(`/admin/products/${encodeURIComponent(change.code)}`, change.body);
    default:
      return api.post<AdminProduct>(`/admin/products/${encodeURIComponent(change.code)}/${change.kind}`);
  }
}

/** Any product change; the admin list and every price query refetch (pickers, the daily table). */
export function useChangeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'products', 'change'],
    mutationFn: changeProduct,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminProductsKey });
      void queryClient.invalidateQueries({ queryKey: ['prices'] });
    },
  });
}
