// §2 产品更新 (issue 35): the platform's release notes, newest first, a "new" badge on each the user has not read; opening
// one marks it read. The platform publishes (title, version, rich text, the kinds of org it is for), changes and
// withdraws them; the server refuses anyone else. Content is sanitised with §5's allowed tags whenever it is rendered.
import { useMemo, useState } from 'react';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, Text, Textarea, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeProductUpdate, markProductUpdateRead, productUpdateKeys, productUpdatesQuery, publishProductUpdate, withdrawProductUpdate, type ProductUpdate,
} from '../../../../services/productUpdates.ts';
import { ORG_KINDS, type OrgKind } from '../../../../domain/orgKind.ts';
import { useCurrentOrgApp, usePowers } from '../../../app/hooks.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { sanitiseRichText } from '../../../components/richText.ts';
import { ScreenFrame } from '../../meal/shared/ScreenFrame.tsx';
import { errorText } from '../../meal/shared/errors.ts';

const KIND_LABELS: Record<OrgKind, MessageDescriptor> = {
  platform: msg`平台`, school: msg`学校`, supplier: msg`供应商`, delivery: msg`配送企业`, bureau: msg`教育局`, trial: msg`体验机构`, fruit: msg`鲜果机构`, installer: msg`安装公司`,
};

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium,
  },
  head: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  title: { flexGrow: 1, cursor: 'pointer', textAlign: 'start', background: 'none', border: 'none', padding: 0, font: 'inherit', color: 'inherit' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  content: { lineHeight: 1.7, '& img': { maxWidth: '100%' } },
});

/** The release notes list; `embedded` drops the frame (the header's dialog shows it too). */
export default function ProductUpdatePage({ embedded = false }: { embedded?: boolean }) {
  const s = useStyles();
  const { t, i18n } = useLingui();
  const fmt = useIntlFormat();
  const orgId = useCurrentOrgApp()?.orgId;
  const { platform } = usePowers();
  const qc = useQueryClient();
  const list = useQuery(productUpdatesQuery(orgId));
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<ProductUpdate | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function show(note: ProductUpdate) {
    setOpen(open === note.id ? null : note.id);
    if (note.read || new Date(note.publishedAt) > new Date()) return;
    try {
      await markProductUpdateRead(note.id);
      await qc.invalidateQueries({ queryKey: productUpdateKeys.all });
    } catch (e) {
      setError(errorText(e));
    }
  }

  async function withdraw(note: ProductUpdate) {
    if (!window.confirm(t`确定撤回「${note.title}」？`)) return;
    try {
      await withdrawProductUpdate(note.id, note.revision);
      await qc.invalidateQueries({ queryKey: productUpdateKeys.all });
    } catch (e) {
      setError(errorText(e));
    }
  }

  const body = (
    <div className={s.list} data-testid="product-updates">
      {(list.data?.rows ?? []).map((n) => (
        <article key={n.id} className={s.item} data-testid="product-update">
          <div className={s.head}>
            <button type="button" className={s.title} onClick={() => void show(n)} aria-expanded={open === n.id} data-testid="product-update-title">
              <Text weight={n.read ? 'regular' : 'semibold'}>{n.version ? `${n.version} · ${n.title}` : n.title}</Text>
            </button>
            {!n.read && <Badge color="danger" data-testid="product-update-new"><Trans>新</Trans></Badge>}
            {platform && new Date(n.publishedAt) > new Date() && <Badge appearance="outline"><Trans>定时发布</Trans></Badge>}
            {platform && (
              <>
                <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={t`编辑`} onClick={() => setEditing(n)} />
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t`撤回`} onClick={() => void withdraw(n)} />
              </>
            )}
          </div>
          <Text className={s.meta}>
            {fmt.dateTime(n.publishedAt)}
            {platform && ` · ${n.audience.map((k) => i18n._(KIND_LABELS[k])).join('、')}`}
          </Text>
          {open === n.id && (
            // sanitised with §5's allowed tags: scripts, handlers and javascript: links never reach the page
            <div className={s.content} data-testid="product-update-content" dangerouslySetInnerHTML={{ __html: sanitiseRichText(n.content) }} />
          )}
        </article>
      ))}
      {list.data && !list.data.rows.length && <Text><Trans>暂无产品更新</Trans></Text>}
      {editing && <EditDialog note={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
  if (embedded) return body;
  return (
    <ScreenFrame
      testId="product-update-screen"
      title={<Trans>产品更新</Trans>}
      loading={list.isPending}
      error={error ?? (list.error ? errorText(list.error) : null)}
      actions={platform && <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="product-update-new-note"><Trans>发布更新</Trans></Button>}
    >
      {body}
    </ScreenFrame>
  );
}

function EditDialog({ note, onClose }: { note: ProductUpdate | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const [title, setTitle] = useState(note?.title ?? '');
  const [version, setVersion] = useState(note?.version ?? '');
  const [content, setContent] = useState(note?.content ?? '');
  const [audience, setAudience] = useState<OrgKind[]>(note?.audience ?? ['school']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => sanitiseRichText(content), [content]);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const body = { title: title.trim(), version: version.trim(), content, audience };
      if (note) await changeProductUpdate(note.id, body, note.revision);
      else await publishProductUpdate(body);
      await qc.invalidateQueries({ queryKey: productUpdateKeys.all });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{note ? <Trans>编辑产品更新</Trans> : <Trans>发布产品更新</Trans>}</DialogTitle>
          <DialogContent>
            <Field label={t`标题`} required><Input value={title} maxLength={100} onChange={(_, d) => setTitle(d.value)} data-testid="pu-title" /></Field>
            <Field label={t`版本号`}><Input value={version} maxLength={30} onChange={(_, d) => setVersion(d.value)} data-testid="pu-version" /></Field>
            <Field label={t`面向的机构类型`} required>
              <div>
                {ORG_KINDS.map((k) => (
                  <Checkbox
                    key={k} label={i18n._(KIND_LABELS[k])} checked={audience.includes(k)} data-testid={`pu-kind-${k}`}
                    onChange={(_, d) => setAudience((a) => (d.checked ? [...a, k] : a.filter((x) => x !== k)))}
                  />
                ))}
              </div>
            </Field>
            <Field label={t`内容（HTML）`}><Textarea value={content} rows={6} onChange={(_, d) => setContent(d.value)} data-testid="pu-content" /></Field>
            <Field label={t`预览`}><div dangerouslySetInnerHTML={{ __html: preview }} /></Field>
            {error && <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy || !title.trim() || !audience.length} onClick={() => void save()} data-testid="pu-save">
              <Trans>发布</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
