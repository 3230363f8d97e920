// payToBuy (issue 35): an order renewing or upgrading an org's service plan, one stream per order
// (`serviceorder-<id>` in the buying org). Placed by the org's admin, paid through a payment adapter: a bank transfer
// only the platform confirms, or a gateway's answer. Only a paid order extends the plan (the handler then sets the
// org's expiration and user limit on the org's stream, in the same transaction).
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import {
  DEFAULT_SERVICE_EDITIONS, editionOf, extendedExpiration, orderProblem, quoteOf, SERVICE_TEXT, type PaymentMethod, type ServiceEdition, type ServiceEditionOffer,
} from '../servicePlan.ts';

export interface ServiceOrderPlaced {
  id: string; orgId: string; edition: ServiceEdition; years: number; amount: number; method: PaymentMethod; placedBy: string; at: string;
  /** the users the edition allowed when the order was placed (the deployment's editions may change later); absent on earlier orders */
  userLimit?: number;
}
export interface ServiceOrderPaid {
  id: string; orgId: string; reference: string; paidAt: string; confirmedBy: string | null;
  /** the plan it gave the org */
  edition: ServiceEdition; expiration: string; userLimit: number;
}
export interface ServiceOrderCancelled { id: string; orgId: string; by: string; at: string }

export type ServiceOrderEvent =
  | DomainEvent<'ServiceOrderPlaced', ServiceOrderPlaced>
  | DomainEvent<'ServiceOrderPaid', ServiceOrderPaid>
  | DomainEvent<'ServiceOrderCancelled', ServiceOrderCancelled>;

export type ServiceOrderCommand =
  | {
    type: 'PlaceOrder'; id: string; orgId: string; edition: unknown; years: unknown; method: PaymentMethod; placedBy: string; at: string;
    /** the editions the deployment sells (its configuration): the price and user limit come from here, never from the client */
    editions: readonly ServiceEditionOffer[];
    /** users the org has now (an edition they do not fit in is refused) */
    userCount: number;
    /** the deployment offers this payment method (server/payments) */
    methodEnabled: boolean;
  }
  | {
    type: 'ConfirmPayment'; reference: string; at: string;
    /** who confirms: the platform by hand (a bank transfer), or the gateway's own answer */
    by: { platform: true; userId: string } | { gateway: PaymentMethod };
    /** the org's plan end when paid */
    currentExpiration: string | null;
  }
  | { type: 'CancelOrder'; by: string; at: string };

export type ServiceOrderState =
  | { status: 'none' }
  | { status: 'pending' | 'paid' | 'cancelled'; order: ServiceOrderPlaced };

export const serviceOrderDecider: Decider<ServiceOrderCommand, ServiceOrderState, ServiceOrderEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder': {
        if (state.status !== 'none') return refuse('conflict', SERVICE_TEXT.exists);
        if (!command.methodEnabled) return refuse('invalid', SERVICE_TEXT.methodOff);
        const edition = editionOf(command.editions, command.edition);
        const problem = orderProblem({ edition, years: command.years, userCount: command.userCount });
        if (problem || !edition) return refuse('invalid', problem ?? SERVICE_TEXT.badEdition);
        const years = command.years as number;
        return [{
          type: 'ServiceOrderPlaced',
          data: {
            id: command.id, orgId: command.orgId, edition: edition.key, years, amount: quoteOf(edition, years), method: command.method, placedBy: command.placedBy,
            at: command.at, userLimit: edition.userLimit,
          },
        }];
      }
      case 'ConfirmPayment': {
        if (state.status === 'none') return refuse('notFound', SERVICE_TEXT.notFound);
        if (state.status !== 'pending') return refuse('conflict', SERVICE_TEXT.notPending);
        const { order } = state;
        // a bank transfer is money the org says it sent: only the platform, seeing it arrive, confirms it;
        // a gateway's order is confirmed by that gateway's answer alone, never by a person
        if (order.method === 'bankTransfer' && !('platform' in command.by)) return refuse('forbidden', SERVICE_TEXT.platformConfirms);
        if (order.method !== 'bankTransfer' && !('gateway' in command.by && command.by.gateway === order.method)) return refuse('forbidden', SERVICE_TEXT.gatewayOnly);
        const reference = command.reference.trim();
        if (!reference) return refuse('invalid', SERVICE_TEXT.badReference);
        return [{
          type: 'ServiceOrderPaid',
          data: {
            id: order.id, orgId: order.orgId, reference, paidAt: command.at, confirmedBy: 'platform' in command.by ? command.by.userId : null,
            edition: order.edition, expiration: extendedExpiration(command.currentExpiration, new Date(command.at), order.years),
            // the limit the order was placed with; an order placed before limits were kept: the default edition's
            userLimit: order.userLimit ?? editionOf(DEFAULT_SERVICE_EDITIONS, order.edition)?.userLimit ?? 0,
          },
        }];
      }
      case 'CancelOrder': {
        if (state.status === 'none') return refuse('notFound', SERVICE_TEXT.notFound);
        if (state.status !== 'pending') return refuse('conflict', SERVICE_TEXT.notPending);
        return [{ type: 'ServiceOrderCancelled', data: { id: state.order.id, orgId: state.order.orgId, by: command.by, at: command.at } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ServiceOrderPlaced': return { status: 'pending', order: event.data };
      case 'ServiceOrderPaid': return state.status === 'none' ? state : { status: 'paid', order: state.order };
      case 'ServiceOrderCancelled': return state.status === 'none' ? state : { status: 'cancelled', order: state.order };
    }
  },
};
