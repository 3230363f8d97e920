// §2 关于我们 (issue 35): the console's version (§9) and build (commit and date, defined at build), the org's support
// contacts (an org config path every member reads; the config editors change them here), and the licences of the
// open-source packages the console ships: licenses.json, generated at build from the bundled modules' package.json
// (scripts/bundleLicenses.ts), fetched only when this screen opens.
import { useMemo, useState } from 'react';
import {
  Button, Field, Input, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_VERSION } from '../../../../domain/constants.ts';
import { SUPPORT_CONTACTS_PATH, supportContactsProblems, type SupportContact } from '../../../../domain/supportContacts.ts';
import { fetchConfigPath, updateOrgConfig } from '../../../../services/config.ts';
import { isStaleVersion } from '../../../../services/http.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { usePermission } from '../../../components/Can.tsx';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { CONFIG_EDIT_POWER } from '../../base/systemConfigManage/settingsQueries.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';

interface BundledPackage { name: string; version: string; license: string; homepage?: string }

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '960px' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  contact: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
  summary: { color: tokens.colorNeutralForeground3 },
});

const build = typeof __APP_BUILD__ !== 'undefined' ? __APP_BUILD__ : null;

async function fetchLicenses(): Promise<BundledPackage[]> {
  const res = await fetch(`${import.meta.env.BASE_URL}licenses.json`, { cache: 'no-cache' });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as BundledPackage[];
}

export default function AboutUsPage() {
  const s = useStyles();
  const { t } = useLingui();
  const fmt = useIntlFormat();
  const orgApp = useCurrentOrgApp();
  const canEdit = usePermission(CONFIG_EDIT_POWER);
  const qc = useQueryClient();
  const contactsKey = ['config', orgApp?.orgId, SUPPORT_CONTACTS_PATH] as const;
  const contacts = useQuery({
    queryKey: contactsKey,
    // the contacts with the version of their config path (ETag), which the edit started from them sends back
    queryFn: async () => {
      const { value, version } = await fetchConfigPath(SUPPORT_CONTACTS_PATH);
      return { rows: supportContactsProblems(value).length ? [] : (value as SupportContact[]), version };
    },
    enabled: Boolean(orgApp?.key),
  });
  const licenses = useQuery({ queryKey: ['bundleLicenses'], queryFn: fetchLicenses, staleTime: Infinity, retry: false });
  const [draft, setDraft] = useState<SupportContact[] | null>(null);
  // the version of the contacts the draft started from: the save sends it (409 when someone saved them since)
  const [draftVersion, setDraftVersion] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const byLicense = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of licenses.data ?? []) counts.set(p.license, (counts.get(p.license) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]);
  }, [licenses.data]);

  async function save() {
    if (!draft) return;
    const cleaned = draft.map((c) => ({ name: c.name.trim(), phone: c.phone.trim(), email: c.email.trim(), hours: c.hours.trim() }));
    setError(null);
    try {
      await updateOrgConfig(SUPPORT_CONTACTS_PATH, cleaned, draftVersion);
      await qc.invalidateQueries({ queryKey: contactsKey });
      setDraft(null);
    } catch (e) {
      setError(errorText(e));
      // someone saved the contacts first: the draft is dropped and the list shows them as they are now (the stale
      // toast reloads it and says who)
      if (isStaleVersion(e)) setDraft(null);
    }
  }

  const edit = (i: number, key: keyof SupportContact, value: string) => setDraft((d) => d && d.map((c, j) => (j === i ? { ...c, [key]: value } : c)));

  return (
    <ScreenFrame testId="about-screen" title={<Trans>关于我们</Trans>} error={error}>
      <section className={s.section}>
        <Text as="h2" size={500} weight="semibold"><Trans>版本</Trans></Text>
        <div className={s.facts}>
          <Text><Trans>版本号</Trans></Text><Text data-testid="about-version">{APP_VERSION}</Text>
          <Text><Trans>构建</Trans></Text><Text font="monospace" data-testid="about-commit">{build?.commit ?? t`开发版`}</Text>
          <Text><Trans>构建时间</Trans></Text><Text data-testid="about-date">{build ? fmt.dateTime(build.date) : '—'}</Text>
        </div>
      </section>

      <section className={s.section} data-testid="about-support">
        <Text as="h2" size={500} weight="semibold"><Trans>技术支持</Trans></Text>
        {draft ? (
          <>
            {draft.map((c, i) => (
              <div key={i} className={s.contact}>
                <Field label={t`名称`} required><Input value={c.name} maxLength={30} onChange={(_, d) => edit(i, 'name', d.value)} data-testid="support-name" /></Field>
                <Field label={t`电话`}><Input value={c.phone} maxLength={30} onChange={(_, d) => edit(i, 'phone', d.value)} data-testid="support-phone" /></Field>
                <Field label={t`邮箱`}><Input value={c.email} maxLength={100} onChange={(_, d) => edit(i, 'email', d.value)} /></Field>
                <Field label={t`服务时间`}><Input value={c.hours} maxLength={50} onChange={(_, d) => edit(i, 'hours', d.value)} /></Field>
                <Button icon={<DeleteRegular />} aria-label={t`删除`} onClick={() => setDraft(draft.filter((_, j) => j !== i))} />
              </div>
            ))}
            <div className={s.contact}>
              <Button icon={<AddRegular />} disabled={draft.length >= 10} onClick={() => setDraft([...draft, { name: '', phone: '', email: '', hours: '' }])}><Trans>添加联系人</Trans></Button>
              <Button appearance="primary" onClick={() => void save()} data-testid="support-save"><Trans>保存</Trans></Button>
              <Button onClick={() => setDraft(null)}><Trans>取消</Trans></Button>
            </div>
          </>
        ) : (
          <>
            {(contacts.data?.rows ?? []).map((c, i) => (
              <Text key={i} data-testid="support-contact">
                {[c.name, c.phone, c.email, c.hours].filter(Boolean).join(' · ')}
              </Text>
            ))}
            {contacts.data && !contacts.data.rows.length && <Text><Trans>本机构尚未设置技术支持联系人，请联系机构管理员。</Trans></Text>}
            {canEdit && <div><Button onClick={() => { setDraft(contacts.data?.rows ?? []); setDraftVersion(contacts.data?.version); }} data-testid="support-edit"><Trans>编辑联系人</Trans></Button></div>}
          </>
        )}
      </section>

      <section className={s.section} data-testid="about-licenses">
        <Text as="h2" size={500} weight="semibold"><Trans>开源软件许可</Trans></Text>
        {licenses.error && <Text><Trans>许可清单在构建时生成，开发模式下没有。</Trans></Text>}
        {licenses.data && (
          <>
            <Text className={s.summary}>
              <Trans>本系统使用了 {licenses.data.length} 个开源软件包：</Trans>
              {byLicense.map(([l, n]) => `${l} × ${n}`).join('，')}
            </Text>
            <Table size="extra-small" aria-label={t`开源软件许可`}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell><Trans>软件包</Trans></TableHeaderCell>
                  <TableHeaderCell><Trans>版本</Trans></TableHeaderCell>
                  <TableHeaderCell><Trans>许可</Trans></TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {licenses.data.map((p) => (
                  <TableRow key={`${p.name}@${p.version}`} data-testid="license-row">
                    <TableCell>{p.homepage && /^https?:\/\//.test(p.homepage) ? <a href={p.homepage} target="_blank" rel="noreferrer noopener">{p.name}</a> : p.name}</TableCell>
                    <TableCell>{p.version}</TableCell>
                    <TableCell>{p.license}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </section>
    </ScreenFrame>
  );
}
