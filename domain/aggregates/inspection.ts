// Device inspections (issue 33, §2 errorDevice): one stream per ticket ('inspection-<id>') in the school's org. The
// rules are domain/inspection.ts's; the handler passes in who the caller is toward the ticket (his party, and whether
// the ticket is his: the school's own, the company it is assigned to) and the company picked when assigning.
import { refuse, type Decider, type DomainEvent, type Refusal } from '../decider.ts';
import type { Party } from '../orgKind.ts';
import {
  INSPECTION_ACTORS, INSPECTION_TEXT, INSPECTION_TRANSITIONS, inspectionAllowedIn, inspectionInputProblem,
  type InspectionAction, type InspectionSource, type InspectionStatus,
} from '../inspection.ts';

export const inspectionStream = (inspectionId: string) => `inspection-${inspectionId}`;

export interface AssignedCompany { companyId: string; companyOrgId: string; companyName: string }

export interface InspectionOpened {
  inspectionId: string; deviceId: string; deviceName: string; source: InspectionSource; alertId: string | null;
  description: string; openedBy: string; at: string;
}
export interface InspectionAssigned extends AssignedCompany { inspectionId: string; by: string; at: string }
export interface InspectionFixed { inspectionId: string; note: string; photoId: string | null; by: string; at: string }
export interface InspectionNoted { inspectionId: string; note: string; by: string; at: string }

export type InspectionEvent =
  | DomainEvent<'InspectionOpened', InspectionOpened>
  | DomainEvent<'InspectionAssigned', InspectionAssigned>
  | DomainEvent<'InspectionFixed', InspectionFixed>
  | DomainEvent<'InspectionVerified', InspectionNoted>
  | DomainEvent<'InspectionReopened', InspectionNoted>;

export type InspectionCommand =
  | { type: 'OpenInspection'; inspection: InspectionOpened; company: AssignedCompany | null; by: Party }
  | {
    type: 'ActOnInspection'; inspectionId: string; action: InspectionAction; by: Party;
    /** the ticket is the caller's: his school's own, or assigned to his company */
    ownTicket: boolean;
    note?: string; photoId?: string | null; company?: AssignedCompany | null; user: string; at: string;
  };

export interface InspectionState { status: InspectionStatus | 'none'; companyOrgId: string | null }

/** 404 for a ticket that is not the caller's (never say it exists), then 403, 409, 400. */
function mayAct(c: Extract<InspectionCommand, { type: 'ActOnInspection' }>, state: InspectionState): Refusal | null {
  if (state.status === 'none' || !c.ownTicket) return refuse('notFound', INSPECTION_TEXT.notFound);
  if (!INSPECTION_ACTORS[c.action].includes(c.by)) return refuse('forbidden', INSPECTION_TEXT.notYourAction(c.action));
  if (!inspectionAllowedIn(c.action, state.status)) return refuse('conflict', INSPECTION_TEXT.notAllowed(c.action, state.status));
  const problem = inspectionInputProblem(c.action, { note: c.note, companyId: c.company?.companyId });
  if (problem) return refuse('invalid', problem);
  return null;
}

export const inspectionDecider: Decider<InspectionCommand, InspectionState, InspectionEvent> = {
  initialState: () => ({ status: 'none', companyOrgId: null }),
  decide(command, state) {
    if (command.type === 'OpenInspection') {
      if (state.status !== 'none') return refuse('conflict', INSPECTION_TEXT.alreadyOpen);
      // a school reports by hand; the server opens from health checks and alerts on the school's behalf
      if (command.by !== 'school' && command.by !== 'platform') return refuse('forbidden', INSPECTION_TEXT.notYourAction('assign'));
      const description = command.inspection.description.trim();
      if (!description) return refuse('invalid', INSPECTION_TEXT.descriptionRequired);
      if (description.length > 500) return refuse('invalid', INSPECTION_TEXT.noteTooLong);
      const { inspectionId, at, openedBy } = command.inspection;
      return [
        { type: 'InspectionOpened', data: { ...command.inspection, description } },
        // the device's installer company takes it at once; without one the school picks one
        ...(command.company ? [{ type: 'InspectionAssigned' as const, data: { inspectionId, ...command.company, by: openedBy, at } }] : []),
      ];
    }
    const refused = mayAct(command, state);
    if (refused) return refused;
    const { inspectionId, at, user } = command;
    const note = command.note?.trim() ?? '';
    switch (command.action) {
      case 'assign': return [{ type: 'InspectionAssigned', data: { inspectionId, ...command.company!, by: user, at } }];
      case 'fix': return [{ type: 'InspectionFixed', data: { inspectionId, note, photoId: command.photoId ?? null, by: user, at } }];
      case 'verify': return [{ type: 'InspectionVerified', data: { inspectionId, note, by: user, at } }];
      case 'reopen': return [{ type: 'InspectionReopened', data: { inspectionId, note, by: user, at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'InspectionOpened': return { status: 'opened', companyOrgId: null };
      case 'InspectionAssigned': return { status: INSPECTION_TRANSITIONS.assign.to, companyOrgId: event.data.companyOrgId };
      case 'InspectionFixed': return { ...state, status: INSPECTION_TRANSITIONS.fix.to };
      case 'InspectionVerified': return { ...state, status: INSPECTION_TRANSITIONS.verify.to };
      case 'InspectionReopened': return { ...state, status: INSPECTION_TRANSITIONS.reopen.to };
    }
  },
};
