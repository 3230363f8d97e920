// The installer company form's rules (issue 33), applied to ids a client sends past the pickers.
import { describe, expect, it } from 'vitest';
import { companyOrgsRefusal } from '../../../domain/orgPicker.ts';
import { DEVICE_TEXT } from '../../../domain/videoDevice.ts';
import type { OrgFacts } from '../../../domain/orgKind.ts';

const org = (orgId: string, kind: OrgFacts['kind'], area: string, parentOrgId: string | null = null): OrgFacts => ({ orgId, kind, area, parentOrgId });
const bureau = org('b-east', 'bureau', '城东区');
const platformOrg = org('p', 'platform', '');
const installerEast = org('i-east', 'installer', '城东区');
const installerWest = org('i-west', 'installer', '城西区');
const schoolEast = org('s-east', 'school', '城东区');
const schoolWest = org('s-west', 'school', '城西区');
const supplierEast = org('x-east', 'supplier', '城东区');

describe('companyOrgsRefusal', () => {
  it('lets a bureau name an installer and schools of its own district, and nothing of another', () => {
    expect(companyOrgsRefusal(bureau, installerEast, [schoolEast], false)).toBeNull();
    expect(companyOrgsRefusal(bureau, undefined, [], false)).toBeNull();
    expect(companyOrgsRefusal(bureau, installerWest, [], false)).toBe(DEVICE_TEXT.companyOrgOutsideArea);
    expect(companyOrgsRefusal(bureau, installerWest, [schoolEast], false)).toBe(DEVICE_TEXT.companyOrgOutsideArea);
    expect(companyOrgsRefusal(bureau, installerEast, [schoolEast, schoolWest], false)).toBe(DEVICE_TEXT.companySchoolOutsideArea);
    expect(companyOrgsRefusal(bureau, undefined, [schoolWest], false)).toBe(DEVICE_TEXT.companySchoolOutsideArea);
    // an org of its district that is no school, and an id naming no org
    expect(companyOrgsRefusal(bureau, installerEast, [supplierEast], false)).toBe(DEVICE_TEXT.companySchoolOutsideArea);
    expect(companyOrgsRefusal(bureau, installerEast, [null], false)).toBe(DEVICE_TEXT.companySchoolOutsideArea);
  });
  it('leaves an org of another kind to the decider (companyOrgNotInstaller), and lets the platform name any district', () => {
    expect(companyOrgsRefusal(bureau, schoolWest, [], false)).toBeNull();
    expect(companyOrgsRefusal(bureau, null, [], false)).toBeNull();
    expect(companyOrgsRefusal(platformOrg, installerWest, [schoolWest, schoolEast], true)).toBeNull();
    expect(companyOrgsRefusal(platformOrg, installerWest, [supplierEast], true)).toBe(DEVICE_TEXT.companySchoolOutsideArea);
  });
  it('a sandbox names nothing real', () => {
    const trial = org('t', 'trial', '城东区');
    expect(companyOrgsRefusal(trial, installerEast, [], false)).toBe(DEVICE_TEXT.companyOrgOutsideArea);
    expect(companyOrgsRefusal(trial, undefined, [schoolEast], false)).toBe(DEVICE_TEXT.companySchoolOutsideArea);
  });
});
