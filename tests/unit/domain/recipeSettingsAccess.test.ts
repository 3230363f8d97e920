// Who writes the catalogue's categories and the recipe settings (issue 9): one rule for the server's refusal and
// the screens' buttons, so a school purchaser no longer sees category buttons the server refuses.
import { describe, expect, it } from 'vitest';
import { editsCatalogue } from '../../../domain/mallCatalogue.ts';
import { writesRecipeSettings } from '../../../domain/recipeAccess.ts';

const role = (code: string, name = `r${code}`) => ({ code, name });

describe('catalogue and recipe-settings writers', () => {
  it('a school purchaser reads categories; dietitians, suppliers, bureaus, admins and the platform write them', () => {
    expect(editsCatalogue({ roles: [role('1')] })).toBe(false);
    expect(editsCatalogue({ roles: [role('3')] })).toBe(false);
    for (const code of ['2', '4', '5', '6', '999']) expect(editsCatalogue({ roles: [role(code)] }), code).toBe(true);
    expect(editsCatalogue({ roles: [role('admin', 'admin_school')] })).toBe(true);
    expect(editsCatalogue({ platform: true, roles: [] })).toBe(true);
  });
  it('recipe settings: the dietitian and the org admins, not purchasers or suppliers', () => {
    expect(writesRecipeSettings({ roles: [role('5')] })).toBe(true);
    expect(writesRecipeSettings({ roles: [role('admin', 'admin_school')] })).toBe(true);
    expect(writesRecipeSettings({ roles: [role('1')] })).toBe(false);
    expect(writesRecipeSettings({ roles: [role('2')] })).toBe(false);
  });
});
