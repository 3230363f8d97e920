import { Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { StandalonePage } from './StandalonePage.tsx';

const useStyles = makeStyles({
  frame: { width: '100%', height: '60vh', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  url: { wordBreak: 'break-all', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** An external mobile page shown in a frame, with a way out to a new window. */
export function ExternalPage({ title, text, url, testId }: { title: ReactNode; text: ReactNode; url: string; testId: string }) {
  const styles = useStyles();
  return (
    <StandalonePage
      wide
      testId={testId}
      title={title}
      text={text}
      actions={
        <Button appearance="primary" icon={<OpenRegular />} as="a" href={url} target="_blank" rel="noreferrer">
          <Trans>在新窗口打开</Trans>
        </Button>
      }
    >
      <iframe className={styles.frame} src={url} title={typeof title === 'string' ? title : url} />
      <Link className={styles.url} href={url} target="_blank" rel="noreferrer" data-testid="external-url">
        {url}
      </Link>
    </StandalonePage>
  );
}
