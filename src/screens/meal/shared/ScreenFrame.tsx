import type { ReactNode } from 'react';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, tokens } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalL, boxSizing: 'border-box', width: '100%' },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { flexGrow: 1 },
  toolbar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The frame of a catalogue screen: title, toolbar (filters, actions), an error bar, the content. */
export function ScreenFrame({ title, actions, toolbar, error, loading, children, testId }: {
  title: ReactNode; actions?: ReactNode; toolbar?: ReactNode; error?: string | null; loading?: boolean; children: ReactNode; testId?: string;
}) {
  const s = useStyles();
  return (
    <section className={s.root} data-testid={testId}>
      <div className={s.header}>
        <Text as="h1" size={600} weight="semibold" className={s.title}>{title}</Text>
        {actions}
      </div>
      {toolbar && <div className={s.toolbar}>{toolbar}</div>}
      {error && (
        <MessageBar intent="error" data-testid="screen-error">
          <MessageBarBody><MessageBarTitle><Trans>操作失败</Trans></MessageBarTitle>{error}</MessageBarBody>
        </MessageBar>
      )}
      {loading ? <Spinner label={<Trans>加载中</Trans>} /> : children}
    </section>
  );
}
