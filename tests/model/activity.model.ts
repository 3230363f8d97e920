/**
 * Test model of the activity machine (issue 34, activityList). Starts cover a draft and a published activity; the
 * server's answers are fixed activities, so each visit of a state with the same flags reacts alike.
 */
import type { AnyMachineSnapshot, EventFrom } from 'xstate';
import { activityMachine, type ActivityActionInput, type ActivityFlowContext, type ActivitySummary } from '../../machines/activity.machine.ts';
import type { ActivityStatus } from '../../domain/activity.ts';
import { doneEvent, errorEvent, never, type Fixture, type MachineModel } from './graph.ts';

const activity = (status: ActivityStatus, version = 1): ActivitySummary => ({ id: 'a1', status, version });

export function activityModel(machine: typeof activityMachine = activityMachine): MachineModel {
  const sending = (action: string) => (s: AnyMachineSnapshot) => s.matches('sending') && (s.context as ActivityFlowContext).action === action;
  const answer = (action: string, result: ActivitySummary) => ({ event: doneEvent<ActivitySummary>(machine, 'sending', result), note: result.status, when: sending(action) });
  const fixtures: Fixture<EventFrom<typeof activityMachine>>[] = [
    { event: { type: 'PUBLISH' } },
    { event: { type: 'CLOSE' } },
    { event: { type: 'CANCEL', reason: ' 下雨 ' } },
    answer('publish', activity('published', 2)),
    answer('close', activity('closed', 3)),
    answer('cancel', activity('cancelled', 3)),
    { event: errorEvent(machine, 'sending', new Error('该数据已被他人修改，请刷新后重试')), note: '409 changed meanwhile' },
    // another operator published it while this one looked at the draft
    { event: { type: 'SYNC', activity: activity('published', 5) }, note: 'published elsewhere', when: (s) => s.matches('draft') },
  ];
  return {
    name: 'activity',
    machine,
    testMachine: machine.provide({ actors: { runActivityAction: never<ActivitySummary, ActivityActionInput>() } }),
    starts: [
      { name: 'draft', input: { activity: activity('draft') } },
      { name: 'published', input: { activity: activity('published', 2) } },
    ],
    fixtures,
    simpleDepth: 4,
    contextFlags: (s) => {
      const c = s.context as ActivityFlowContext;
      const flags: string[] = [];
      if (s.matches('sending')) flags.push(c.activity.status);
      if (c.action) flags.push(c.action);
      if (c.error) flags.push('error');
      return flags;
    },
  };
}
