// The approval of one weekly recipe cycle (issue 9): draft → submitted → approved | rejected (with a remark) →
// published → withdrawn, a rejected or withdrawn cycle back to draft when edited, and a draft published
// directly when the org has no approval (recipeConfig.recipeApprovalEnable off). The guards are the server's
// own predicates (domain/recipeCycle.ts), so the buttons the screen offers are the commands the server takes.
// One actor per cycle being edited or reviewed; the I/O is one invoked actor (runRecipeAction) the screen
// provides. SYNC carries the cycle as the server now has it (after a cell edit, a live update, a refetch).
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { canPublish, canReview, canSubmit, canWithdraw, isEditable, remarkRefusal, type RecipeCycleStatus } from '../domain/recipeCycle.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

/** The fields of a cycle the flow reads (a row of GET /v4/mall/recipe/cycle). */
export interface RecipeCycleSummary {
  id: string;
  status: RecipeCycleStatus;
  version: number;
  /** cells holding dishes: an empty cycle is not submitted or published */
  cellCount: number;
  remark: string;
}

export type RecipeAction = 'submit' | 'approve' | 'reject' | 'publish' | 'withdraw';

export interface RecipeActionInput {
  id: string;
  version: number;
  action: RecipeAction;
  remark: string;
}

export interface RecipeApprovalInput {
  cycle: RecipeCycleSummary;
  approvalEnabled: boolean;
  /** the viewer writes this cycle (dietitian, admin, its purchaser author) */
  canEdit: boolean;
  /** the viewer approves (org admin or a role the config names) */
  canApprove: boolean;
}

export interface RecipeApprovalContext extends RecipeApprovalInput {
  action: RecipeAction | null;
  remark: string;
  error: string | null;
}

export type RecipeApprovalEvent =
  | { type: 'SUBMIT' }
  | { type: 'APPROVE'; remark?: string }
  | { type: 'REJECT'; remark: string }
  | { type: 'PUBLISH' }
  | { type: 'WITHDRAW' }
  | { type: 'SYNC'; cycle: RecipeCycleSummary; approvalEnabled?: boolean };

type Ctx = Pick<RecipeApprovalContext, 'cycle' | 'approvalEnabled' | 'canEdit' | 'canApprove'>;

/** What the viewer may do with the cycle now: the buttons the screen shows. */
export function allowedActions(c: Ctx): Record<RecipeAction | 'edit', boolean> {
  const { status, cellCount } = c.cycle;
  const publisher = c.canEdit || c.canApprove;
  return {
    edit: c.canEdit && isEditable(status),
    submit: c.canEdit && cellCount > 0 && canSubmit(status, c.approvalEnabled),
    approve: c.canApprove && canReview(status),
    reject: c.canApprove && canReview(status),
    publish: publisher && cellCount > 0 && canPublish(status, c.approvalEnabled),
    withdraw: publisher && canWithdraw(status),
  };
}

export const recipeApprovalMachine = setup({
  types: {
    context: {} as RecipeApprovalContext,
    events: {} as RecipeApprovalEvent,
    input: {} as RecipeApprovalInput,
  },
  actors: {
    /** POST /v4/mall/recipe/cycle/{id}/{action}; resolves with the cycle as it is after it */
    runRecipeAction: fromPromise<RecipeCycleSummary, RecipeActionInput>(async () => notProvided('runRecipeAction')),
  },
  actions: {
    /** the action about to be sent; a former failure is forgotten */
    begin: assign((_, params: { action: RecipeAction }) => ({ action: params.action, error: null, remark: '' })),
  },
  guards: {
    isDraft: ({ context }) => context.cycle.status === 'draft',
    isSubmitted: ({ context }) => context.cycle.status === 'submitted',
    isApproved: ({ context }) => context.cycle.status === 'approved',
    isRejected: ({ context }) => context.cycle.status === 'rejected',
    isPublished: ({ context }) => context.cycle.status === 'published',
    maySubmit: ({ context }) => allowedActions(context).submit,
    mayReview: ({ context }) => allowedActions(context).approve,
    mayPublish: ({ context }) => allowedActions(context).publish,
    mayWithdraw: ({ context }) => allowedActions(context).withdraw,
    remarkRefused: ({ event }) => event.type === 'REJECT' && remarkRefusal(event.remark) !== null,
  },
}).createMachine({
  id: 'recipeApproval',
  context: ({ input }) => ({ ...input, action: null, remark: '', error: null }),
  initial: 'resolving',
  on: {
    SYNC: {
      target: '.resolving',
      actions: assign(({ context, event }) => ({ cycle: event.cycle, approvalEnabled: event.approvalEnabled ?? context.approvalEnabled, error: null })),
    },
  },
  states: {
    /** transient: the state the cycle is in on the server */
    resolving: {
      always: [
        { guard: 'isDraft', target: 'draft' },
        { guard: 'isSubmitted', target: 'submitted' },
        { guard: 'isApproved', target: 'approved' },
        { guard: 'isRejected', target: 'rejected' },
        { guard: 'isPublished', target: 'published' },
        { target: 'withdrawn' },
      ],
    },
    draft: {
      on: {
        SUBMIT: { guard: 'maySubmit', target: 'sending', actions: { type: 'begin', params: { action: 'submit' } } },
        PUBLISH: { guard: 'mayPublish', target: 'sending', actions: { type: 'begin', params: { action: 'publish' } } },
      },
    },
    submitted: {
      on: {
        APPROVE: { guard: 'mayReview', target: 'sending', actions: assign(({ event }) => ({ action: 'approve' as const, remark: event.remark?.trim() ?? '', error: null })) },
        REJECT: [
          { guard: 'remarkRefused', actions: assign(({ event }) => ({ error: remarkRefusal((event as { remark: string }).remark) })) },
          {
            guard: 'mayReview',
            target: 'sending',
            actions: assign(({ event }) => {
              assertEvent(event, 'REJECT');
              return { action: 'reject' as const, remark: event.remark.trim(), error: null };
            }),
          },
        ],
        WITHDRAW: { guard: 'mayWithdraw', target: 'sending', actions: { type: 'begin', params: { action: 'withdraw' } } },
      },
    },
    approved: {
      on: {
        PUBLISH: { guard: 'mayPublish', target: 'sending', actions: { type: 'begin', params: { action: 'publish' } } },
        WITHDRAW: { guard: 'mayWithdraw', target: 'sending', actions: { type: 'begin', params: { action: 'withdraw' } } },
      },
    },
    /** the remark says why; an edit makes it a draft again (the server's answer comes as SYNC) */
    rejected: {
      on: {
        SUBMIT: { guard: 'maySubmit', target: 'sending', actions: { type: 'begin', params: { action: 'submit' } } },
        PUBLISH: { guard: 'mayPublish', target: 'sending', actions: { type: 'begin', params: { action: 'publish' } } },
      },
    },
    published: {
      on: {
        WITHDRAW: { guard: 'mayWithdraw', target: 'sending', actions: { type: 'begin', params: { action: 'withdraw' } } },
      },
    },
    withdrawn: {
      on: {
        SUBMIT: { guard: 'maySubmit', target: 'sending', actions: { type: 'begin', params: { action: 'submit' } } },
        PUBLISH: { guard: 'mayPublish', target: 'sending', actions: { type: 'begin', params: { action: 'publish' } } },
      },
    },
    sending: {
      invoke: {
        src: 'runRecipeAction',
        input: ({ context }) => ({ id: context.cycle.id, version: context.cycle.version, action: context.action ?? 'submit', remark: context.remark }),
        onDone: { target: 'resolving', actions: assign(({ event }) => ({ cycle: event.output, action: null })) },
        // refused (403), stale (409: someone else changed it) or offline: the message says why, the state stays
        onError: { target: 'resolving', actions: assign(({ event }) => ({ error: errorMessage(event.error), action: null })) },
      },
    },
  },
});

export type RecipeApprovalRef = ActorRefFrom<typeof recipeApprovalMachine>;
export type RecipeApprovalSnapshot = SnapshotFrom<typeof recipeApprovalMachine>;
