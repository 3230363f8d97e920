import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

export const LOG_PAGE_SIZE = 20;

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end' },
});

export function LogPager({ page, count, onPage, testId }: { page: number; count: number; onPage: (p: number) => void; testId: string }) {
  const styles = useStyles();
  const pages = Math.max(1, Math.ceil(count / LOG_PAGE_SIZE));
  return (
    <div className={styles.pager} data-testid={testId}>
      <Text><Trans>共 {count} 条</Trans></Text>
      <Button size="small" disabled={page === 0} onClick={() => onPage(page - 1)}><Trans>上一页</Trans></Button>
      <Text>{page + 1} / {pages}</Text>
      <Button size="small" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}><Trans>下一页</Trans></Button>
    </div>
  );
}
