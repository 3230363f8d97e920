import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';

const useStyles = makeStyles({ root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' } });

/** Previous / next over server pages of `size` rows. */
export function Pager({ page, size, count, onPage }: { page: number; size: number; count: number; onPage: (page: number) => void }) {
  const s = useStyles();
  const pages = Math.max(1, Math.ceil(count / size));
  return (
    <div className={s.root}>
      <Text><Trans>共 {count} 条，第 {page + 1} / {pages} 页</Trans></Text>
      <Button size="small" disabled={page <= 0} onClick={() => onPage(page - 1)}><Trans>上一页</Trans></Button>
      <Button size="small" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}><Trans>下一页</Trans></Button>
    </div>
  );
}
