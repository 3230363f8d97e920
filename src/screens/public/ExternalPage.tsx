import { Button, Link, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { HomeRegular, OpenRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { StandalonePage } from './StandalonePage.tsx';

const useStyles = makeStyles({
  frame: { width: '100%', height: '60vh', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  url: { wordBreak: 'break-all', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * An external mobile page shown in a frame, with a way out to a new window; without a mobile site (url null) a
 * page saying what it is and that it is not available yet, with the way back to the console.
 */
export function ExternalPage({ title, text, url, testId }: { title: ReactNode; text: ReactNode; url: string | null; testId: string }) {
  const styles = useStyles();
  if (url === null) {
    return (
      <StandalonePage
        testId={testId}
        title={title}
        text={text}
        actions={
          <Button appearance="primary" icon={<HomeRegular />} as="a" href="#/home" data-testid="external-home">
            <Trans>返回控制台首页</Trans>
          </Button>
        }
      >
        <MessageBar intent="info" data-testid="external-unavailable">
          <MessageBarBody>
            <Trans>此功能暂未开放：它所在的移动端页面尚未上线。上线后可在这里打开；在此之前，订单、采购和食谱等功能请在控制台中使用。</Trans>
          </MessageBarBody>
        </MessageBar>
      </StandalonePage>
    );
  }
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
