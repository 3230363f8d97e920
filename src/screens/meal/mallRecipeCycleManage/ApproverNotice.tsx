import { Link, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { RecipeCycleStatus } from '../../../../domain/recipeCycle.ts';
import { recipeApproversQuery, type RecipeApprovers } from '../../../../services/recipeApprovers.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

/** The recipe settings screen, where the school sets who approves (issue 28). */
export const APPROVER_SETTINGS_PATH = '/mallRecipeSpec';

/** "吴静、李晓梅" and, when roles name them, "（机构管理员）". */
function useWho(a: RecipeApprovers): string {
  const { t } = useLingui();
  const names = a.approvers.map((p) => p.name).join(t`、`);
  const roles = a.roles.map((r) => r.name).join(t`、`);
  return roles ? t`${names}（${roles}）` : names;
}

/**
 * Who approves this cycle (issue 28), before and after 提交审核: the members by name and the roles that make them
 * approvers; that nobody needs to (submitting publishes); or that nobody can yet, with the way to set one — a link
 * to the recipe settings for those who may, else whom to ask.
 */
export function ApproverNotice({ status }: { status: RecipeCycleStatus }) {
  const { orgApp, ready } = useOrgQueryKey();
  const query = useQuery({ ...recipeApproversQuery(orgApp?.orgId), enabled: ready });
  const a = query.data;
  if (!a) return null;
  return <ApproverText a={a} status={status} />;
}

function ApproverText({ a, status }: { a: RecipeApprovers; status: RecipeCycleStatus }) {
  const [, navigate] = useLocation();
  const who = useWho(a);
  const toSettings = a.canChange && (
    <Link as="button" type="button" onClick={() => navigate(APPROVER_SETTINGS_PATH)} data-testid="recipe-approvers-settings">
      <Trans>在食谱设置中设置审核人</Trans>
    </Link>
  );
  if (a.mode === 'none') {
    return (
      <MessageBar intent="info" data-testid="recipe-approvers" data-mode="none">
        <MessageBarBody><Trans>本机构的周食谱无需审核：发布即生效，日志记为“未经审核发布”。</Trans> {toSettings}</MessageBarBody>
      </MessageBar>
    );
  }
  if (a.approvers.length === 0) {
    return (
      <MessageBar intent="warning" data-testid="recipe-approvers" data-mode={a.mode}>
        <MessageBarBody>
          <Trans>本机构还没有能审核周食谱的人，提交后将无人审核。</Trans>{' '}
          {toSettings || <Trans>请联系机构管理员在“食谱设置”中设置审核人。</Trans>}
        </MessageBarBody>
      </MessageBar>
    );
  }
  const waiting = status === 'submitted';
  return (
    <MessageBar intent={waiting ? 'warning' : 'info'} data-testid="recipe-approvers" data-mode={a.mode}>
      <MessageBarBody>
        <span data-testid="recipe-approver-names">
          {waiting ? <Trans>已提交，等待审核人审核：{who}</Trans> : <Trans>审核人：{who}</Trans>}
        </span>{' '}
        {waiting || <Trans>（提交者本人不能审核自己提交的食谱）</Trans>} {toSettings}
      </MessageBarBody>
    </MessageBar>
  );
}
