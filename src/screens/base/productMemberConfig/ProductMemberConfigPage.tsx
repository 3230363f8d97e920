// 会员中心设置 (§2 productMemberConfig): member groups (the default 'ordinary member', shown as 普通会员, sort 1,
// cannot be deleted) and member levels (§3 memberLevel list id/name/sort, LV1 until set).
import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { memberLevelProblem, sortLevels, type MemberLevel } from '../../../../domain/members.ts';
import { createMemberGroup, deleteMemberGroup, saveMemberLevels, updateMemberGroup } from '../../../../services/members.ts';
import { groupLabel, useMemberConfig, useMemberGroups, useMemberMutation } from '../membersManage/memberQueries.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalL, minWidth: 0 },
  // a card is 460 px wide where there is room, else the screen's width (a fixed 460 px cut the card off on a phone)
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(460px, 100%), 1fr))', gap: tokens.spacingHorizontalL },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  sort: { width: '90px' },
});

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export default function ProductMemberConfigPage() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const groups = useMemberGroups();
  const config = useMemberConfig();
  const [groupName, setGroupName] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const [levels, setLevels] = useState<MemberLevel[]>([]);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => { if (config.data) setLevels(sortLevels(config.data.memberLevel)); }, [config.data]);

  const fail = { onError: (e: unknown) => setError(errorText(e)) };
  const addGroup = useMemberMutation((name: string) => createMemberGroup({ name }), () => { setGroupName(''); setError(''); });
  const editGroup = useMemberMutation((g: { groupId: string; name?: string; sort?: number; version?: number }) => updateMemberGroup(g), () => setError(''));
  const removeGroup = useMemberMutation((g: { groupId: string; version?: number }) => deleteMemberGroup(g.groupId, g.version), () => setError(''));
  const saveLevels = useMemberMutation((l: MemberLevel[]) => saveMemberLevels(l), () => { setError(''); setSaved(true); });
  const levelProblem = memberLevelProblem(levels);

  const setLevel = (i: number, patch: Partial<MemberLevel>) => { setSaved(false); setLevels((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l))); };

  return (
    <div className={styles.root} data-testid="member-config-page">
      <Title3><Trans>会员中心设置</Trans></Title3>
      {error && <MessageBar intent="error" data-testid="member-config-error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      <div className={styles.cards}>
        <Card>
          <CardHeader header={<Text weight="semibold"><Trans>会员分组</Trans></Text>} />
          <div className={styles.bar}>
            <Input data-testid="config-group-name" placeholder={t`新分组名称`} value={groupName} onChange={(_, d) => setGroupName(d.value)} />
            <Button icon={<AddRegular />} data-testid="config-group-add" disabled={!groupName.trim() || addGroup.isPending} onClick={() => addGroup.mutate(groupName.trim(), fail)}>
              <Trans>新建分组</Trans>
            </Button>
          </div>
          <Table aria-label={t`会员分组`} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell><Trans>名称</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>排序</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>会员数</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>操作</Trans></TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {groups.data?.map((g) => (
                <TableRow key={g.groupId} data-testid="config-group-row">
                  <TableCell>
                    {g.isDefault ? (
                      <><Text>{groupLabel(g.name, (d) => i18n._(d))}</Text> <Badge appearance="tint"><Trans>默认</Trans></Badge></>
                    ) : (
                      <Input size="small" aria-label={t`分组名称`} value={names[g.groupId] ?? g.name}
                        onChange={(_, d) => setNames((n) => ({ ...n, [g.groupId]: d.value }))}
                        onBlur={() => { const v = names[g.groupId]?.trim(); if (v && v !== g.name) editGroup.mutate({ groupId: g.groupId, name: v, version: g.version }, fail); }} />
                    )}
                  </TableCell>
                  <TableCell>
                    <NumberInput className={styles.sort} size="small" aria-label={t`排序`} value={g.sort} precision={0} fallback={g.sort} onChange={() => {}}
                      onCommit={(v) => { if (v !== null && v !== g.sort) editGroup.mutate({ groupId: g.groupId, sort: v, version: g.version }, fail); }} />
                  </TableCell>
                  <TableCell>{g.memberCount ?? 0}</TableCell>
                  <TableCell>
                    {!g.isDefault && (
                      <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t`删除`}
                        onClick={() => { if (window.confirm(t`删除分组后，其会员将移入普通会员。确定删除？`)) removeGroup.mutate(g, fail); }} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>

        <Card>
          <CardHeader header={<Text weight="semibold"><Trans>会员等级</Trans></Text>} />
          <Table aria-label={t`会员等级`} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell><Trans>编号</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>名称</Trans></TableHeaderCell>
                <TableHeaderCell><Trans>排序</Trans></TableHeaderCell>
                <TableHeaderCell />
              </TableRow>
            </TableHeader>
            <TableBody>
              {levels.map((l, i) => (
                <TableRow key={i} data-testid="level-row">
                  <TableCell><Input size="small" aria-label={t`编号`} value={l.id} onChange={(_, d) => setLevel(i, { id: d.value })} /></TableCell>
                  <TableCell><Input size="small" aria-label={t`名称`} value={l.name} onChange={(_, d) => setLevel(i, { name: d.value })} /></TableCell>
                  <TableCell>
                    <NumberInput className={styles.sort} size="small" aria-label={t`排序`} value={l.sort} precision={0} fallback={0}
                      onChange={(v) => { if (v !== null && Number.isInteger(v)) setLevel(i, { sort: v }); }} />
                  </TableCell>
                  <TableCell>
                    <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t`删除`} disabled={levels.length <= 1}
                      onClick={() => { setSaved(false); setLevels((ls) => ls.filter((_, j) => j !== i)); }} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className={styles.bar}>
            <Button icon={<AddRegular />} data-testid="level-add"
              onClick={() => { setSaved(false); setLevels((ls) => [...ls, { id: `LV${ls.length + 1}`, name: `LV${ls.length + 1}`, sort: ls.length + 1 }]); }}>
              <Trans>添加等级</Trans>
            </Button>
            <Button appearance="primary" icon={<SaveRegular />} data-testid="level-save" disabled={Boolean(levelProblem) || saveLevels.isPending}
              onClick={() => saveLevels.mutate(levels.map((l) => ({ id: l.id.trim(), name: l.name.trim(), sort: l.sort })), fail)}>
              <Trans>保存等级</Trans>
            </Button>
            {levelProblem && <Text>{levelProblem}</Text>}
            {saved && <Text data-testid="level-saved"><Trans>已保存</Trans></Text>}
          </div>
        </Card>
      </div>
    </div>
  );
}
