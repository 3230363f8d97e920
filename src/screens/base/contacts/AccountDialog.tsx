// A person's login account (§7 users): the username (their phone number), enabled or not, the expiration
// date (§5: empty → never, sent as null) for this org's membership, and a new password where the caller may
// set one (the user himself or the platform), saved with PUT /v2/users/{username}.
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Spinner,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person } from '../../../../services/contacts.ts';
import { updateUserAccount, userKeys, type UserDetail } from '../../../../services/users.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { dateToExpiration, expirationToDate } from './accountDates.ts';
import { useUserAccount } from './queries.ts';
import { useDiscardGuard } from '../../../components/useDiscardGuard.tsx';
import { DateInput } from '../../../components/DateInput.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface AccountDialogProps {
  person: Person;
  onSaved: () => void;
  onClose: () => void;
}

export function AccountDialog({ person, onSaved, onClose }: AccountDialogProps) {
  const { t } = useLingui();
  const user = useUserAccount(person.userId);
  // issue 28: Esc or a click outside asks before typed input is lost
  const discard = useDiscardGuard({ onClose });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) discard.requestClose(); }}>
      <DialogSurface onInput={discard.onInput} data-testid="account-dialog">
        <DialogBody>
          <DialogTitle><Trans>{person.name} 的账号</Trans></DialogTitle>
          {user.data ? <AccountForm user={user.data} onSaved={onSaved} onClose={onClose} /> : (
            <>
              <DialogContent>
                {user.isError
                  ? <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="account-error">{user.error.message}</Text>
                  : <Spinner size="small" label={t`加载中`} />}
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}><Trans>关闭</Trans></Button>
              </DialogActions>
            </>
          )}
        </DialogBody>
        {discard.confirm}
      </DialogSurface>
    </Dialog>
  );
}

function AccountForm({ user, onSaved, onClose }: { user: UserDetail; onSaved: () => void; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const [enable, setEnable] = useState(user.enable);
  const [expiration, setExpiration] = useState(expirationToDate(user.expiration));
  const [password, setPassword] = useState('');
  const orgApp = useCurrentOrgApp();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: () => updateUserAccount(user.username, { enable, expiration: dateToExpiration(expiration), password, version: user.version }),
    onSuccess: () => client.removeQueries({ queryKey: userKeys.detail(orgApp?.orgId, user.userId) }),
  });
  const submit = () => save.mutate(undefined, { onSuccess: onSaved });
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <DialogContent className={styles.form}>
        <Field label={t`登录账号`}>
          <Text weight="semibold" data-testid="account-username">{user.username}</Text>
        </Field>
        <Switch
          checked={enable}
          onChange={(_, d) => setEnable(d.checked)}
          label={enable ? t`已启用` : t`已停用`}
          data-testid="account-enable"
        />
        <Field label={t`有效期至`} hint={t`留空表示永不过期`}>
          <DateInput value={expiration} onChange={(_, d) => setExpiration(d.value)} data-testid="account-expiration" />
        </Field>
        {/* a password is the user's own or the platform's to set (issue 16): others do not get the field */}
        {user.canChangePassword && (
          <Field
            label={t`重置密码`}
            hint={t`留空则保留当前密码；默认密码规则只在创建账号时使用`}
          >
            <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} maxLength={256} autoComplete="new-password" data-testid="account-password" />
          </Field>
        )}
        {save.error && <Text role="alert" className={styles.error} data-testid="account-error">{save.error.message}</Text>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}><Trans>取消</Trans></Button>
        <Button appearance="primary" type="submit" disabled={save.isPending} data-testid="account-submit"><Trans>保存</Trans></Button>
      </DialogActions>
    </form>
  );
}
