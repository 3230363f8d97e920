import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

// Browsers word a failed dynamic import differently; after a deploy the old chunk names are gone.
const CHUNK_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed|Unable to preload CSS/i;

/** True when the error is a lazily loaded screen whose file could not be fetched (network, new deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_FAILURE.test(text);
}

const useStyles = makeStyles({
  root: { padding: tokens.spacingVerticalXXL, maxWidth: '720px', margin: '0 auto' },
  detail: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
});

function ScreenError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const styles = useStyles();
  const chunk = isChunkLoadError(error);
  return (
    <div className={styles.root} data-testid={chunk ? 'chunk-load-error' : 'screen-error'}>
      <MessageBar intent={chunk ? 'warning' : 'error'} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{chunk ? <Trans>页面资源加载失败</Trans> : <Trans>页面出错了</Trans>}</MessageBarTitle>
          {chunk ? (
            <Trans>网络不稳定或系统刚刚完成更新，页面文件未能下载。请重新加载页面。</Trans>
          ) : (
            <>
              <Trans>此页面运行时出现错误，可以重试；如果问题持续出现，请联系管理员。</Trans>
              <div className={styles.detail}>{error instanceof Error ? error.message : String(error)}</div>
            </>
          )}
        </MessageBarBody>
        <MessageBarActions>
          {chunk ? (
            <Button appearance="primary" onClick={() => window.location.reload()}>
              <Trans>重新加载</Trans>
            </Button>
          ) : (
            <Button onClick={onRetry}>
              <Trans>重试</Trans>
            </Button>
          )}
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}

interface Props {
  children: ReactNode;
}
interface State {
  error: unknown;
  failed: boolean;
}

/** Error boundary around one screen: a failed chunk load offers a page reload, other errors a retry. */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
    // §7 the module log hears of it (loaded on demand: the boundary sits in the shell; errors swallowed, §8)
    const path = window.location.hash.replace(/^#/, '') || window.location.pathname;
    const message = error instanceof Error ? error.message : String(error);
    void import('../../services/logs.ts').then(({ logModule }) => logModule({ module: path.split('/').filter(Boolean).pop() ?? '', path, message })).catch(() => {});
  }

  override render() {
    if (this.state.failed) return <ScreenError error={this.state.error} onRetry={() => this.setState({ error: null, failed: false })} />;
    return this.props.children;
  }
}
