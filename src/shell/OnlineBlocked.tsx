import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ClockRegular, HomeRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OnlineRule } from '../../domain/types.ts';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXXXL,
    boxSizing: 'border-box',
  },
  panel: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, maxWidth: '520px', textAlign: 'center' },
  icon: { fontSize: '64px', color: tokens.colorPaletteMarigoldForeground1 },
  window: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
});

/** When the rule lets the module open, in words (the configured range, and the non-working days of model 2). */
function AllowedWindow({ rule }: { rule: OnlineRule }) {
  const [from, to] = rule.datetime ?? ['', ''];
  return (
    <>
      {rule.datetime && rule.type === 'time' && (
        <Text data-testid="online-blocked-window">
          <Trans>开放时间：每天 {from} - {to}</Trans>
        </Text>
      )}
      {rule.datetime && rule.type === 'date' && (
        <Text data-testid="online-blocked-window">
          <Trans>开放日期：{from} 至 {to}</Trans>
        </Text>
      )}
      {rule.model === 2 && (
        <Text>
          <Trans>周末及法定节假日不开放</Trans>
        </Text>
      )}
    </>
  );
}

/** §4 a module blocked by its online rule: the configured title and message, or the defaults when empty; home unless it is home that is blocked. */
export function OnlineBlocked({ title, msg, rule, onHome }: { title: string; msg: string; rule: OnlineRule; onHome?: () => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  return (
    <div className={styles.root} data-testid="online-blocked">
      <div className={styles.panel}>
        <ClockRegular className={styles.icon} aria-hidden />
        <Text size={600} weight="semibold" data-testid="online-blocked-title">
          {title || t`当前不在开放时间`}
        </Text>
        <Text size={400} data-testid="online-blocked-msg">
          {msg || t`该模块当前不在开放时间内，请在开放时间内使用。`}
        </Text>
        <div className={styles.window}>
          <AllowedWindow rule={rule} />
        </div>
        {onHome && (
          <Button appearance="primary" icon={<HomeRegular />} onClick={onHome} data-testid="online-blocked-home">
            <Trans>返回首页</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}

export default OnlineBlocked;
