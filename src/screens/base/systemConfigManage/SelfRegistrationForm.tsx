// Issue 27: the org's self-registration switch (org config selfRegistrationEnable, off by default). On, anyone whose
// phone receives a register code may join this formal org as a member without a role (he reads the shell only until
// a user admin gives him one). An org of the trial kind always takes applicants; the platform org never does.
import { useState } from 'react';
import { MessageBar, MessageBarBody, Switch } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { isPlatformOrg, SELF_REGISTRATION_PATH, takesSignUps } from '../../../../domain/selfRegistration.ts';
import { grantsTrialRole } from '../../../../domain/trialRole.ts';
import { useCurrentOrgApp, usePowers } from '../../../app/hooks.ts';
import { SaveBar, type SaveState } from './SaveBar.tsx';
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved, type ConfigPathsEdit } from './settingsQueries.ts';

export function SelfRegistrationForm({ edit, canEdit }: { edit: ConfigPathsEdit<typeof SELF_REGISTRATION_PATH>; canEdit: boolean }) {
  const config = edit.values;
  const styles = useFormStyles();
  const { t } = useLingui();
  const saved = useConfigSaved();
  const orgApp = useCurrentOrgApp();
  const { orgKind } = usePowers();
  const [enable, setEnable] = useState(config[SELF_REGISTRATION_PATH] === true);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  if (!orgApp) return null;
  const org = { kind: orgKind };
  const platform = isPlatformOrg(org);
  const trial = grantsTrialRole(org);

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      await edit.save(SELF_REGISTRATION_PATH, enable);
      setState({ kind: 'saved' });
      saved();
    } catch (e) {
      setState({ kind: 'error', message: errorText(e) });
    }
  };

  return (
    <div className={styles.section} data-testid="self-registration">
      <Switch
        label={t`允许自助注册（新用户凭手机验证码加入本机构，加入后没有角色，需由用户管理员分配）`}
        checked={platform ? false : trial || enable}
        disabled={!canEdit || platform || trial}
        onChange={(_, d) => setEnable(d.checked)}
        data-testid="self-registration-enable"
      />
      {platform && <MessageBar intent="info"><MessageBarBody><Trans>平台机构不开放自助注册。</Trans></MessageBarBody></MessageBar>}
      {trial && <MessageBar intent="info"><MessageBarBody><Trans>体验机构始终接受试用申请。</Trans></MessageBarBody></MessageBar>}
      {!platform && !trial && (
        <MessageBar intent={takesSignUps({ ...org, selfRegistration: config[SELF_REGISTRATION_PATH] }) ? 'warning' : 'info'}>
          <MessageBarBody>
            {takesSignUps({ ...org, selfRegistration: config[SELF_REGISTRATION_PATH] })
              ? <Trans>已开放：任何收到验证码的人都可以加入本机构。</Trans>
              : <Trans>未开放：只有用户管理员可以添加本机构的用户。</Trans>}
          </MessageBarBody>
        </MessageBar>
      )}
      {canEdit && !platform && !trial && <SaveBar state={state} disabled={enable === (config[SELF_REGISTRATION_PATH] === true)} onSave={save} testId="self-registration" />}
    </div>
  );
}
