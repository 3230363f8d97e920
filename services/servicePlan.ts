// payToBuy (issue 35): the org's service plan, its orders, and the platform's confirmation of bank transfers.
import { queryOptions } from '@tanstack/react-query';
import { get, post } from './http.ts';
import type { ListResult } from '../domain/types.ts';
import type { PaymentMethod, ServiceEdition, ServiceEditionOffer } from '../domain/servicePlan.ts';

export interface ServiceOrder {
  id: string; orgId: string; orgName: string; edition: ServiceEdition; years: number; amount: number; method: PaymentMethod;
  status: 'pending' | 'paid' | 'cancelled'; placedBy: string; placedAt: string; reference: string; paidAt: string | null; expiration: string | null;
}
export interface BankAccount { payee: string; bank: string; account: string }
export interface ServicePlan {
  orgId: string; orgName: string; edition: ServiceEdition | null; expiration: string | null; userLimit: number | null; userCount: number; recipeUserLimit: number;
  /** the deployment's editions on sale (SERVICE_EDITIONS) */
  editions: ServiceEditionOffer[]; yearsMax: number; methods: PaymentMethod[]; bankAccount: BankAccount; orders: ServiceOrder[];
}
export type PaymentStart =
  /** instructions: null where the deployment has set no bank account */
  | { state: 'awaitingTransfer'; instructions: (BankAccount & { memo: string }) | null }
  | { state: 'redirect'; url: string }
  | { state: 'paid'; reference: string };

export const servicePlan = () => get<ServicePlan>('/v1/serviceplan');
export const placeServiceOrder = (body: { edition: ServiceEdition; years: number; method: PaymentMethod }) =>
  post<{ order: ServiceOrder; payment: PaymentStart }>('/v1/serviceplan/order', body);
export const cancelServiceOrder = (id: string) => post<ServiceOrder>(`/v1/serviceplan/order/${encodeURIComponent(id)}/cancel`);
export const confirmServiceOrder = (id: string, reference: string) => post<ServiceOrder>(`/v1/serviceplan/order/${encodeURIComponent(id)}/confirm`, { reference });
export const allServiceOrders = (status?: ServiceOrder['status']) => get<ListResult<ServiceOrder>>('/v1/serviceplan/orders', status ? { status } : {});

export const servicePlanKeys = { all: ['servicePlan'] as const };
export const servicePlanQuery = (orgId: string | undefined) => queryOptions({
  queryKey: [...servicePlanKeys.all, orgId, 'plan'] as const, queryFn: servicePlan, enabled: Boolean(orgId),
});
export const pendingOrdersQuery = (orgId: string | undefined, enabled: boolean) => queryOptions({
  queryKey: [...servicePlanKeys.all, orgId, 'pending'] as const, queryFn: () => allServiceOrders('pending'), enabled: Boolean(orgId) && enabled,
});
