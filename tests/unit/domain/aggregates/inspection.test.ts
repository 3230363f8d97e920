import { describe, expect, it } from 'vitest';
import { inspectionDecider, type AssignedCompany, type InspectionEvent, type InspectionOpened } from '../../../../domain/aggregates/inspection.ts';
import { INSPECTION_TEXT } from '../../../../domain/inspection.ts';
import { given } from '../../../support/decider.ts';

const at = '2024-05-01T08:00:00.000Z';
const inspection: InspectionOpened = {
  inspectionId: 'i1', deviceId: 'd1', deviceName: '烹饪区 1 号', source: 'manual', alertId: null, description: '  画面黑屏  ', openedBy: 'u1', at,
};
const company: AssignedCompany = { companyId: 'c1', companyOrgId: 'org-c1', companyName: '安装公司甲' };
const opened: InspectionEvent = { type: 'InspectionOpened', data: { ...inspection, description: '画面黑屏' } };
const assigned: InspectionEvent = { type: 'InspectionAssigned', data: { inspectionId: 'i1', ...company, by: 'u1', at } };
const fixed: InspectionEvent = { type: 'InspectionFixed', data: { inspectionId: 'i1', note: '更换电源', photoId: null, by: 'u2', at } };
const open = { type: 'OpenInspection' as const, inspection, company: null, by: 'school' as const };
const act = { type: 'ActOnInspection' as const, inspectionId: 'i1', ownTicket: true, user: 'u1', at };

describe('inspection decider', () => {
  it('opens a ticket with the trimmed description, assigned at once to the device\'s company when it has one', () => {
    given(inspectionDecider).when(open).then([opened]);
    given(inspectionDecider).when({ ...open, company, by: 'platform' }).then([opened, assigned]);
    expect(given(inspectionDecider).when({ ...open, company }).state()).toEqual({ status: 'assigned', companyOrgId: 'org-c1' });
  });
  it('refuses to open twice, by an installer, or without a description', () => {
    given(inspectionDecider, [opened]).when(open).thenRefused('conflict', INSPECTION_TEXT.alreadyOpen);
    given(inspectionDecider).when({ ...open, by: 'installer' }).thenRefused('forbidden');
    given(inspectionDecider).when({ ...open, inspection: { ...inspection, description: '  ' } }).thenRefused('invalid', INSPECTION_TEXT.descriptionRequired);
    given(inspectionDecider).when({ ...open, inspection: { ...inspection, description: 'x'.repeat(501) } }).thenRefused('invalid', INSPECTION_TEXT.noteTooLong);
  });
  it('goes assign → fix → verify', () => {
    given(inspectionDecider, [opened]).when({ ...act, action: 'assign', by: 'school', company }).then([assigned]);
    given(inspectionDecider, [opened, assigned]).when({ ...act, action: 'fix', by: 'installer', note: ' 更换电源 ', user: 'u2' }).then([fixed]);
    given(inspectionDecider, [opened, assigned, fixed]).when({ ...act, action: 'verify', by: 'school', note: '' })
      .then([{ type: 'InspectionVerified', data: { inspectionId: 'i1', note: '', by: 'u1', at } }]);
  });
  it('reopens a fixed ticket back to the company', () => {
    const reopen = { ...act, action: 'reopen' as const, by: 'school' as const, note: '仍然黑屏' };
    given(inspectionDecider, [opened, assigned, fixed]).when(reopen).then([{ type: 'InspectionReopened', data: { inspectionId: 'i1', note: '仍然黑屏', by: 'u1', at } }]);
    expect(given(inspectionDecider, [opened, assigned, fixed]).when(reopen).state()).toEqual({ status: 'assigned', companyOrgId: 'org-c1' });
  });
  it('refuses in order: not found, not the actor, not in this status, bad input', () => {
    given(inspectionDecider).when({ ...act, action: 'assign', by: 'school', company }).thenRefused('notFound', INSPECTION_TEXT.notFound);
    given(inspectionDecider, [opened]).when({ ...act, ownTicket: false, action: 'assign', by: 'school', company }).thenRefused('notFound');
    given(inspectionDecider, [opened, assigned]).when({ ...act, action: 'fix', by: 'school', note: 'n' }).thenRefused('forbidden', INSPECTION_TEXT.notYourAction('fix'));
    given(inspectionDecider, [opened]).when({ ...act, action: 'verify', by: 'school' }).thenRefused('conflict', INSPECTION_TEXT.notAllowed('verify', 'opened'));
    given(inspectionDecider, [opened, assigned]).when({ ...act, action: 'fix', by: 'installer', note: '  ' }).thenRefused('invalid');
    given(inspectionDecider, [opened]).when({ ...act, action: 'assign', by: 'school', company: null }).thenRefused('invalid');
  });
});
