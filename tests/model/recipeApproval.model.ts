/**
 * Test model of the recipe cycle approval machine (issue 9; issue 3 model-based path tests). Starts cover each
 * status a cycle can be found in and the viewers that matter (the dietitian who edits, the org admin who
 * approves, a reader), with approval on and off; the state identity carries what the guards read.
 */
import type { AnyMachineSnapshot, EventFrom } from 'xstate';
import {
  recipeApprovalMachine,
  type RecipeActionInput,
  type RecipeApprovalContext,
  type RecipeApprovalInput,
  type RecipeCycleSummary,
} from '../../machines/recipeApproval.machine.ts';
import type { RecipeCycleStatus } from '../../domain/recipeCycle.ts';
import { doneEvent, errorEvent, never, type Fixture, type MachineModel } from './graph.ts';

const cycle = (status: RecipeCycleStatus, over: Partial<RecipeCycleSummary> = {}): RecipeCycleSummary => ({
  id: 'c1', status, version: 3, cellCount: 10, remark: '', ...over,
});

export function recipeApprovalModel(machine: typeof recipeApprovalMachine = recipeApprovalMachine): MachineModel {
  const sending = (action: string) => (s: AnyMachineSnapshot) => s.matches('sending') && s.context.action === action;
  const fixtures: Fixture<EventFrom<typeof recipeApprovalMachine>>[] = [
    { event: { type: 'SUBMIT' } },
    { event: { type: 'APPROVE', remark: '搭配合理' } },
    { event: { type: 'REJECT', remark: '  ' }, note: 'no remark' },
    { event: { type: 'REJECT', remark: '蔬菜太少' }, note: 'with remark' },
    { event: { type: 'PUBLISH' } },
    { event: { type: 'WITHDRAW' } },
    { event: doneEvent<RecipeCycleSummary>(machine, 'sending', cycle('submitted', { version: 4 })), note: 'submitted', when: sending('submit') },
    { event: doneEvent<RecipeCycleSummary>(machine, 'sending', cycle('approved', { version: 4 })), note: 'approved', when: sending('approve') },
    { event: doneEvent<RecipeCycleSummary>(machine, 'sending', cycle('rejected', { version: 4, remark: '蔬菜太少' })), note: 'rejected', when: sending('reject') },
    { event: doneEvent<RecipeCycleSummary>(machine, 'sending', cycle('published', { version: 4 })), note: 'published', when: sending('publish') },
    { event: doneEvent<RecipeCycleSummary>(machine, 'sending', cycle('withdrawn', { version: 4 })), note: 'withdrawn', when: sending('withdraw') },
    { event: errorEvent(machine, 'sending', new Error('该数据已被他人修改，请刷新后重试')), note: '409 stale' },
    // the server's answer to a cell edit of a rejected or withdrawn cycle: a draft again
    {
      event: { type: 'SYNC', cycle: cycle('draft', { version: 5 }) },
      note: 'edited, a draft again',
      when: (s) => s.matches('rejected') || s.matches('withdrawn'),
    },
    // another console published it meanwhile
    { event: { type: 'SYNC', cycle: cycle('published', { version: 6 }) }, note: 'published elsewhere', when: (s) => s.matches('approved') },
  ];
  const dietitian = { canEdit: true, canApprove: false };
  const admin = { canEdit: true, canApprove: true };
  const start = (name: string, status: RecipeCycleStatus, viewer: typeof admin, over: Partial<RecipeApprovalInput> = {}, cellCount = 10) => ({
    name, input: { cycle: cycle(status, { cellCount }), approvalEnabled: true, ...viewer, ...over } satisfies RecipeApprovalInput,
  });
  return {
    name: 'recipeApproval',
    machine,
    testMachine: machine.provide({ actors: { runRecipeAction: never<RecipeCycleSummary, RecipeActionInput>() } }),
    starts: [
      start('draft, dietitian', 'draft', dietitian),
      start('empty draft, dietitian', 'draft', dietitian, {}, 0),
      start('draft, no approval', 'draft', dietitian, { approvalEnabled: false }),
      // approval switched off after the rejection: the dietitian publishes it herself
      start('rejected, approval since off', 'rejected', dietitian, { approvalEnabled: false }),
      start('submitted, admin', 'submitted', admin),
      start('submitted, dietitian', 'submitted', dietitian),
      start('published, reader', 'published', { canEdit: false, canApprove: false }),
    ],
    fixtures,
    simpleDepth: 4,
    contextFlags: (s) => {
      const c = s.context as RecipeApprovalContext;
      const flags: string[] = [];
      if (!c.approvalEnabled) flags.push('approval off');
      if (c.canApprove) flags.push('approver');
      else if (c.canEdit) flags.push('editor');
      else flags.push('reader');
      if (c.cycle.cellCount === 0) flags.push('empty');
      if (c.action) flags.push(c.action);
      if (c.error) flags.push('error');
      return flags;
    },
  };
}
