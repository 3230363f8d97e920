import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { WrenchScrewdriverRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}` },
  card: { maxWidth: '520px', width: '100%', alignItems: 'center', textAlign: 'center', padding: tokens.spacingVerticalXXL },
  icon: { fontSize: '56px', color: tokens.colorBrandForeground1 },
  text: { textAlign: 'center' },
  key: { color: tokens.colorNeutralForeground3, fontFamily: tokens.fontFamilyMonospace },
});

/** A registry screen that is not built yet: says so and names it, never a blank page. */
export function ComingSoon({ title, screenKey }: { title: string; screenKey?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="coming-soon">
      <Card className={styles.card}>
        <WrenchScrewdriverRegular className={styles.icon} aria-hidden />
        <Text size={600} weight="semibold">
          {title}
        </Text>
        <Text size={400}>
          <Trans>功能建设中</Trans>
        </Text>
        <Text className={styles.text}>
          <Trans>「{title}」正在建设中，敬请期待。您可以先使用左侧菜单中的其他功能。</Trans>
        </Text>
        {screenKey && <Text className={styles.key} size={200}>{screenKey}</Text>}
      </Card>
    </div>
  );
}

export default ComingSoon;
