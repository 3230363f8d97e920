// Who writes the catalogue's categories and the recipe settings (issue 9): one rule for the server's refusal and
// the screens' buttons, so a school purchaser no longer sees category buttons the server refuses.
import type { OrgKind } from '../../../domain/orgKind.ts';
import { describe, expect, it } from 'vitest';
import { editsCatalogue } from '../../../domain/mallCatalogue.ts';
import { writesRecipeSettings } from '../../../domain/recipeAccess.ts';

const role = (code: string, name = `r${code}`) => ({ code, name });

describe('catalogue and recipe-settings writers', () => {
  it('a school purchaser reads categories; dietitians, suppliers, bureaus (by org kind and role), admins and the platform write them', () => {
    const edits = (orgKind: OrgKind, code: string, name?: string) => editsCatalogue({ orgKind, platform: false, roles: [role(code, name)] });
    expect(edits('school', '1')).toBe(false);
    expect(edits('delivery', '3')).toBe(false);
    expect(edits('school', '5')).toBe(true);
    expect(edits('supplier', '2')).toBe(true);
    expect(edits('supplier', '6')).toBe(true);
    expect(edits('bureau', '4')).toBe(true);
    expect(edits('school', '999')).toBe(true);
    // a code-4 role of a school is a school role (issue 27)
    expect(edits('school', '4')).toBe(false);
    expect(edits('school', 'admin', 'admin_school')).toBe(true);
    expect(editsCatalogue({ orgKind: 'school', platform: true, roles: [] })).toBe(true);
  });
  it('recipe settings: the dietitian and the org admins, not purchasers or suppliers', () => {
    expect(writesRecipeSettings({ roles: [role('5')] })).toBe(true);
    expect(writesRecipeSettings({ roles: [role('admin', 'admin_school')] })).toBe(true);
    expect(writesRecipeSettings({ roles: [role('1')] })).toBe(false);
    expect(writesRecipeSettings({ roles: [role('2')] })).toBe(false);
  });
});
