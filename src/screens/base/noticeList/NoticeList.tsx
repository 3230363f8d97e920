// §2 通知列表: the org's notices with the caller's unread badge and a detail drawer; the HTML content is
// sanitised with DOMPurify whenever it is rendered. Editors (config power, admins) create, edit and delete.
import { useMemo, useState } from 'react';
import {
  Badge, Button, CounterBadge, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DrawerBody, DrawerHeader,
  DrawerHeaderTitle, Field, Input, MessageBar, MessageBarBody, OverlayDrawer, Spinner, Switch, Table, TableBody, TableCell, TableHeader,
  TableHeaderCell, TableRow, Text, Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DismissRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sanitiseRichText } from '../../../components/richText.ts';
import { isStaleVersion } from '../../../../services/http.ts';
import { createNotice, deleteNotice, markNoticeRead, noticeKeys, noticesQuery, updateNotice, type Notice } from '../../../../services/notices.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { usePermission } from '../../../components/Can.tsx';
import { FilterBar } from '../../../components/FilterBar.tsx';
import { CONFIG_EDIT_POWER } from '../systemConfigManage/settingsQueries.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { useDiscardGuard } from '../../../components/useDiscardGuard.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  row: { cursor: 'pointer' },
  unread: { fontWeight: tokens.fontWeightSemibold },
  content: { lineHeight: 1.7, '& img': { maxWidth: '100%' } },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** Notice HTML made safe to render: §5's allowed tags only (scripts, handlers and javascript: links removed). */
export const sanitiseNotice = sanitiseRichText;


export default function NoticeList() {
  const fmt = useIntlFormat();
  const styles = useStyles();
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const client = useQueryClient();
  const canEdit = usePermission(CONFIG_EDIT_POWER);
  const [keyword, setKeyword] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = useQuery(noticesQuery(orgApp?.key ? orgApp.orgId : undefined, { keyword: keyword || undefined, read: unreadOnly ? false : undefined, $limit: 500 }));
  const open = useMemo(() => query.data?.rows.find((n) => n.id === openId) ?? null, [query.data, openId]);
  const refresh = () => client.invalidateQueries({ queryKey: noticeKeys.all });

  const show = async (n: Notice) => {
    setOpenId(n.id);
    if (!n.read && !n.scheduled) {
      try {
        await markNoticeRead(n.id);
        await refresh();
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    }
  };
  const remove = async (n: Notice) => {
    if (!window.confirm(t`确定删除通知“${n.title}”？`)) return;
    try {
      await deleteNotice(n.id, n.version);
      setOpenId(null);
      await refresh();
    } catch (e) {
      // changed by someone else meanwhile: StaleToast reloads and says who changed it
      if (!isStaleVersion(e)) setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div className={styles.root} data-testid="notice-list">
      <div className={styles.bar}>
        <Text weight="semibold" size={500}><Trans>通知列表</Trans></Text>
        {(query.data?.unread ?? 0) > 0 && <CounterBadge count={query.data!.unread} color="danger" data-testid="notice-unread" aria-label={t`未读通知`} />}
      </div>
      <FilterBar
        active={unreadOnly ? 1 : 0}
        search={<Input placeholder={t`按标题搜索`} aria-label={t`按标题搜索`} value={keyword} onChange={(_, d) => setKeyword(d.value)} data-testid="notice-search" />}
        actions={canEdit && <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="notice-create"><Trans>发布通知</Trans></Button>}
      >
        <Switch label={t`只看未读`} checked={unreadOnly} onChange={(_, d) => setUnreadOnly(d.checked)} />
      </FilterBar>
      {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      {query.isLoading && <Spinner />}
      <Table size="small">
        <TableHeader><TableRow>
          <TableHeaderCell><Trans>标题</Trans></TableHeaderCell>
          <TableHeaderCell style={{ width: 180 }}><Trans>发布时间</Trans></TableHeaderCell>
          <TableHeaderCell style={{ width: 120 }}><Trans>发布人</Trans></TableHeaderCell>
          <TableHeaderCell style={{ width: 90 }}><Trans>状态</Trans></TableHeaderCell>
        </TableRow></TableHeader>
        <TableBody>
          {(query.data?.rows ?? []).map((n) => (
            <TableRow key={n.id} className={styles.row} onClick={() => void show(n)} data-testid="notice-row">
              <TableCell className={n.read ? undefined : styles.unread}>{n.title}</TableCell>
              <TableCell>{fmt.dateTime(n.publishedAt)}</TableCell>
              <TableCell>{n.createdByName}</TableCell>
              <TableCell>
                {n.scheduled ? <Badge appearance="tint" color="warning"><Trans>待发布</Trans></Badge>
                  : n.read ? <Badge appearance="tint" color="subtle"><Trans>已读</Trans></Badge>
                    : <Badge appearance="filled" color="danger"><Trans>未读</Trans></Badge>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {query.data && query.data.rows.length === 0 && <Text className={styles.meta}><Trans>暂无通知</Trans></Text>}

      <OverlayDrawer open={open !== null} position="end" size="medium" onOpenChange={(_, d) => { if (!d.open) setOpenId(null); }} data-testid="notice-drawer">
        {open && (
          <>
            <DrawerHeader>
              <DrawerHeaderTitle action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={t`关闭`} onClick={() => setOpenId(null)} />}>
                {open.title}
              </DrawerHeaderTitle>
              <Text className={styles.meta}>{open.createdByName} · {fmt.dateTime(open.publishedAt)}</Text>
            </DrawerHeader>
            <DrawerBody>
              <div className={styles.content} data-testid="notice-content" dangerouslySetInnerHTML={{ __html: sanitiseNotice(open.content) }} />
              {canEdit && (
                <div className={styles.bar} style={{ marginTop: 16 }}>
                  <Button icon={<EditRegular />} onClick={() => setEditing(open)}><Trans>编辑</Trans></Button>
                  <Button icon={<DeleteRegular />} onClick={() => void remove(open)} data-testid="notice-delete"><Trans>删除</Trans></Button>
                </div>
              )}
            </DrawerBody>
          </>
        )}
      </OverlayDrawer>
      {editing && <NoticeDialog notice={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void refresh(); }} onStale={() => setEditing(null)} />}
    </div>
  );
}

const localInput = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

function NoticeDialog({ notice, onClose, onSaved, onStale }: { notice: Notice | null; onClose: () => void; onSaved: () => void; onStale: () => void }) {
  const { t } = useLingui();
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const [publishedAt, setPublishedAt] = useState(notice ? localInput(notice.publishedAt) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleOk = title.trim().length > 0 && title.length <= 100;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const at = publishedAt ? new Date(publishedAt).toISOString() : undefined;
      if (notice) await updateNotice(notice.id, { title: title.trim(), content, ...(at && { publishedAt: at }), version: notice.version });
      else await createNotice({ title: title.trim(), content, ...(at && { publishedAt: at }) });
      onSaved();
    } catch (e) {
      // changed by someone else meanwhile: StaleToast reloads and says who changed it; edit again from there
      if (isStaleVersion(e)) onStale();
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  // issue 28: Esc or a click outside asks before typed input is lost
  const discard = useDiscardGuard({ onClose });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) discard.requestClose(); }}>
      <DialogSurface onInput={discard.onInput} style={{ maxWidth: 720 }}>
        <DialogBody>
          <DialogTitle>{notice ? t`编辑通知` : t`发布通知`}</DialogTitle>
          <DialogContent>
            <Field label={t`标题`} required validationMessage={titleOk ? undefined : t`标题须为 1-100 个字`}>
              <Input value={title} maxLength={100} onChange={(_, d) => setTitle(d.value)} data-testid="notice-title" />
            </Field>
            <Field label={t`内容 (HTML)`} hint={t`显示时会去除脚本等不安全内容`}>
              <Textarea value={content} rows={8} onChange={(_, d) => setContent(d.value)} data-testid="notice-content-input" />
            </Field>
            <Field label={t`发布时间（留空为立即发布）`}>
              <Input type="datetime-local" value={publishedAt} onChange={(_, d) => setPublishedAt(d.value)} />
            </Field>
            <Field label={t`预览`}>
              <div style={{ border: '1px dashed #ccc', padding: 8, minHeight: 40 }} dangerouslySetInnerHTML={{ __html: sanitiseNotice(content) }} />
            </Field>
            {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy || !titleOk} onClick={save} data-testid="notice-save"><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
        {discard.confirm}
      </DialogSurface>
    </Dialog>
  );
}
