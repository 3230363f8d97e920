// Who approves the org's weekly recipes (issue 28 point 6): the rule in force with the people it names, for the
// recipe editor (before and after 提交审核) and the recipe settings; and the school's choice of that rule.
// The server decides approvals from the stored rule and the caller's granted roles (domain/recipeApprovers.ts).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { APPROVER_LIMITS } from '../domain/recipeApprovers.ts';

const tags = ['recipe'];
const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: APPROVER_LIMITS.max });

export const RecipeApproverRole = Type.Object({ roleId: Type.String(), name: Type.String() });
export const RecipeApproverPerson = Type.Object({ userId: Type.String(), name: Type.String() });
export type RecipeApproverRole = Static<typeof RecipeApproverRole>;
export type RecipeApproverPerson = Static<typeof RecipeApproverPerson>;

export const RecipeApprovers = Type.Object({
  /** none: submitting publishes; roles / members: as the school set; admins: nothing saved, the org's admins (issue 9) */
  mode: Type.Union([Type.Literal('none'), Type.Literal('roles'), Type.Literal('members'), Type.Literal('admins')]),
  /** the school saved who approves (else the rule of issue 9 applies) */
  saved: Type.Boolean(),
  roleIds: Type.Array(Type.String()),
  userIds: Type.Array(Type.String()),
  /** the roles whose holders approve (mode roles; mode admins: the admin roles and the roles the config names) */
  roles: Type.Array(RecipeApproverRole),
  /** the members who approve now, by name */
  approvers: Type.Array(RecipeApproverPerson),
  /** the caller may change who approves (the org config power, or an admin) */
  canChange: Type.Boolean(),
  /** for those who may change it: the org's roles and its members holding a role, to choose from */
  choices: Type.Optional(Type.Object({ roles: Type.Array(RecipeApproverRole), members: Type.Array(RecipeApproverPerson) })),
});
export type RecipeApprovers = Static<typeof RecipeApprovers>;

export const RecipeApproversInput = Type.Object({
  mode: Type.Union([Type.Literal('none'), Type.Literal('roles'), Type.Literal('members')]),
  roleIds: Type.Optional(Ids),
  userIds: Type.Optional(Ids),
}, { additionalProperties: false });
export type RecipeApproversInput = Static<typeof RecipeApproversInput>;

export const getRecipeApprovers = endpoint({
  method: 'GET', path: '/v5/mall/recipe/approvers', tags, response: RecipeApprovers,
  summary: "Who approves the org's weekly recipes: the rule, the roles and the members by name",
});
export const setRecipeApprovers = endpoint({
  method: 'PUT', path: '/v5/mall/recipe/approvers', tags, body: RecipeApproversInput, response: RecipeApprovers,
  summary: 'Set who approves weekly recipes: none (submitting publishes), members of roles of this org, or named members',
});
