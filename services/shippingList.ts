// §2 shippingList 发货单（已停用）(issue 35, mall host): the legacy shipping notes, read-only (contracts/shippingList.ts).
// Query keys start with the live-update root 'orders' (an order's events invalidate them), then the org.
import { queryOptions } from '@tanstack/react-query';
import { call, type CallOptions } from './http.ts';
import type * as api from '../contracts/shippingList.ts';

export type { ShippingNote } from '../contracts/shippingList.ts';

const MALL: CallOptions = { host: 'mall' };

export const shippingNotesQuery = (orgId: string | undefined) => queryOptions({
  queryKey: ['orders', orgId, 'shippingList'] as const,
  queryFn: () => call<typeof api.listShippingNotes>({ method: 'GET', path: '/v4/mall/shippinglist' }, MALL),
  enabled: Boolean(orgId),
});
