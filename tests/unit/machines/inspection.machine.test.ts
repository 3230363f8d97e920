// The inspection ticket statechart (issue 33) against the domain's rules: each status state takes exactly the actions
// INSPECTION_TRANSITIONS allows there, guarded by who may act (inspectionActionsFor), and a fix without a note or a
// reopen without a reason never leaves the screen.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { inspectionMachine, type InspectionActionInput, type InspectionSummary } from '../../../machines/inspection.machine.ts';
import { INSPECTION_ACTIONS, INSPECTION_STATUSES, INSPECTION_TEXT, INSPECTION_TRANSITIONS, type InspectionStatus } from '../../../domain/inspection.ts';
import type { Party } from '../../../domain/orgKind.ts';

describe('inspection machine', () => {
  it('has one state per status, each taking the actions the domain allows in it', () => {
    for (const status of INSPECTION_STATUSES) {
      const node = inspectionMachine.getStateNodeById(`inspection.${status}`);
      const expected = INSPECTION_ACTIONS.filter((a) => INSPECTION_TRANSITIONS[a].from.includes(status)).map((a) => a.toUpperCase()).sort();
      expect([...node.ownEvents].sort(), status).toEqual(expected);
    }
  });

  it("sends an allowed action with the ticket's version and lands where the server says", async () => {
    const sent: InspectionActionInput[] = [];
    const machine = inspectionMachine.provide({
      actors: { runInspectionAction: fromPromise<InspectionSummary, InspectionActionInput>(async ({ input }) => { sent.push(input); return { id: input.id, status: 'fixed', version: input.version + 1 }; }) },
    });
    const actor = createActor(machine, { input: { ticket: { id: 't1', status: 'assigned', version: 4 }, party: 'installer' } }).start();
    actor.send({ type: 'FIX', note: ' 更换网线 ', photo: 'data:image/png;base64,AAAA' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ id: 't1', version: 4, action: 'fix', note: '更换网线', companyId: null, photo: 'data:image/png;base64,AAAA' }]);
    expect(actor.getSnapshot().value).toBe('fixed');
    expect(actor.getSnapshot().context.ticket.version).toBe(5);
  });

  it('ignores actions of the wrong party and keeps refused input on screen', () => {
    const start = (status: InspectionStatus, party: Party) => createActor(inspectionMachine, { input: { ticket: { id: 't1', status, version: 1 }, party } }).start();
    const school = start('assigned', 'school');
    school.send({ type: 'FIX', note: '我来修' });
    expect(school.getSnapshot().value).toBe('assigned');
    const bureau = start('fixed', 'bureau');
    bureau.send({ type: 'VERIFY' });
    expect(bureau.getSnapshot().value).toBe('fixed');
    const installer = start('assigned', 'installer');
    installer.send({ type: 'FIX', note: ' ' });
    expect([installer.getSnapshot().value, installer.getSnapshot().context.error]).toEqual(['assigned', INSPECTION_TEXT.fixNoteRequired]);
    const reopening = start('fixed', 'school');
    reopening.send({ type: 'REOPEN', note: '' });
    expect([reopening.getSnapshot().value, reopening.getSnapshot().context.error]).toEqual(['fixed', INSPECTION_TEXT.reopenReasonRequired]);
    // a party who may not act gets no message either: the button is not there
    const installerFixed = start('fixed', 'installer');
    installerFixed.send({ type: 'REOPEN', note: '' });
    expect(installerFixed.getSnapshot().context.error).toBeNull();
  });
});
