/**
 * Test model of the inspection ticket machine (issue 33; issue 3 model-based path tests). Starts cover each status a
 * ticket can be found in with the party who acts there (the school, the installer company) and a bureau that only
 * reads; the state identity carries what the guards read.
 */
import type { AnyMachineSnapshot, EventFrom } from 'xstate';
import {
  inspectionMachine, type InspectionActionInput, type InspectionFlowContext, type InspectionFlowInput, type InspectionSummary,
} from '../../machines/inspection.machine.ts';
import type { InspectionStatus } from '../../domain/inspection.ts';
import type { Party } from '../../domain/orgKind.ts';
import { doneEvent, errorEvent, never, type Fixture, type MachineModel } from './graph.ts';

const ticket = (status: InspectionStatus, version = 2): InspectionSummary => ({ id: 't1', status, version });

export function inspectionModel(machine: typeof inspectionMachine = inspectionMachine): MachineModel {
  const sending = (action: string) => (s: AnyMachineSnapshot) => s.matches('sending') && s.context.action === action;
  const answer = (action: string, status: InspectionStatus) => ({
    event: doneEvent<InspectionSummary>(machine, 'sending', ticket(status, 3)), note: status, when: sending(action),
  });
  const fixtures: Fixture<EventFrom<typeof inspectionMachine>>[] = [
    { event: { type: 'ASSIGN', companyId: '' }, note: 'no company' },
    { event: { type: 'ASSIGN', companyId: 'company-azgs' }, note: 'a company' },
    { event: { type: 'FIX', note: ' ' }, note: 'no note' },
    { event: { type: 'FIX', note: '更换电源适配器', photo: 'data:image/png;base64,AAAA' }, note: 'note and photo' },
    { event: { type: 'VERIFY', note: '画面正常' } },
    { event: { type: 'REOPEN', note: '' }, note: 'no reason' },
    { event: { type: 'REOPEN', note: '仍然离线' }, note: 'with reason' },
    answer('assign', 'assigned'),
    answer('fix', 'fixed'),
    answer('verify', 'verified'),
    answer('reopen', 'assigned'),
    { event: errorEvent(machine, 'sending', new Error('巡检单待验收，不能维修')), note: '409 acted on meanwhile' },
    // the company fixed it while the school looked at it
    { event: { type: 'SYNC', ticket: ticket('fixed', 4) }, note: 'fixed elsewhere', when: (s) => s.matches('assigned') && s.context.party === 'school' },
  ];
  const start = (name: string, status: InspectionStatus, party: Party) => ({ name, input: { ticket: ticket(status), party } satisfies InspectionFlowInput });
  return {
    name: 'inspection',
    machine,
    testMachine: machine.provide({ actors: { runInspectionAction: never<InspectionSummary, InspectionActionInput>() } }),
    starts: [
      start('opened, school', 'opened', 'school'),
      start('assigned, installer', 'assigned', 'installer'),
      start('assigned, school', 'assigned', 'school'),
      start('fixed, school', 'fixed', 'school'),
      start('fixed, installer', 'fixed', 'installer'),
      start('assigned, bureau', 'assigned', 'bureau'),
    ],
    fixtures,
    simpleDepth: 4,
    contextFlags: (s) => {
      const c = s.context as InspectionFlowContext;
      const flags: string[] = [c.party];
      if (s.matches('sending')) flags.push(c.ticket.status);
      if (c.action) flags.push(c.action);
      if (c.error) flags.push('error');
      return flags;
    },
  };
}
