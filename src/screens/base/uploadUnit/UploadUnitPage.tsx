// §2 uploadUnit 单位导入 (issue 35): the platform, or a bureau for its own area, makes many schools at once from an
// Excel sheet. The sheet is read and checked in the browser (the row rules of domain/unitImport.ts, the same the
// server applies), sent in batches with a progress bar, each row made whole or refused on its own; the report lists
// every row's outcome. Each school is made from the chosen init template as a single creation makes it.
import { useMemo, useRef, useState } from 'react';
import { Button, Dropdown, Field, makeStyles, MessageBar, MessageBarBody, Option, Text, Title3, tokens } from '@fluentui/react-components';
import { DocumentArrowUpRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ExcelImport, type ParsedRow } from '../../../components/ExcelImport.tsx';
import type { SheetRecord } from '../../../components/excel/sheet.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { importAreaQuery, importTemplatesQuery, importUnits } from '../../../../services/orgInit.ts';
import {
  unitRowErrors, unitRowOf, UNIT_HEADERS, UNIT_IMPORT_BATCH, UNIT_NAME_MAX, type UnitImporter, type UnitRow, type UnitRowTexts,
} from '../../../../domain/unitImport.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingVerticalXL, maxWidth: '880px' },
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export default function UploadUnitPage() {
  const styles = useStyles();
  const { t } = useLingui();
  const orgId = useCurrentOrgApp()?.orgId;
  const templates = useQuery(importTemplatesQuery(orgId));
  const where = useQuery(importAreaQuery(orgId));
  const [templateId, setTemplateId] = useState('');
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState(0);
  const seen = useRef(new Map<string, number>());

  const texts: UnitRowTexts = useMemo(() => ({
    nameRequired: t`机构名称不能为空`,
    nameTooLong: t`机构名称不能超过 ${UNIT_NAME_MAX} 个字`,
    badPhone: (phone) => t`管理员手机号格式不正确：${phone}`,
    badExpiration: (text) => t`到期日期应为 YYYY-MM-DD：${text}`,
    otherArea: (area) => t`只能导入本区域的单位：${area}`,
    duplicateName: (name, line) => t`机构名称与第 ${line} 行重复：${name}`,
  }), [t]);
  const importer: UnitImporter | null = where.data ? (where.data.platform ? { platform: true } : { platform: false, area: where.data.area }) : null;
  const templateRows = templates.data?.rows ?? [];
  const chosen = templateRows.find((x) => x.id === templateId) ?? (templateRows.length === 1 ? templateRows[0] : undefined);

  /** One sheet row: the shared row rules, and a name an earlier row of the sheet already gives. */
  const parse = (record: SheetRecord, index: number): ParsedRow<UnitRow> => {
    if (index === 0) seen.current = new Map();
    const row = unitRowOf(record);
    const errs = unitRowErrors(row, importer!, texts);
    const name = row.orgName.trim();
    const first = seen.current.get(name);
    if (name && first !== undefined) errs.push(texts.duplicateName(name, first));
    else if (name) seen.current.set(name, index + 2);
    return errs.length ? { error: errs.join('；') } : { value: row };
  };

  const error = templates.error ?? where.error;
  const area = where.data?.area ?? '';
  return (
    <div className={styles.root} data-testid="screen-uploadUnit">
      <Title3><Trans>单位导入</Trans></Title3>
      {error && <MessageBar intent="error"><MessageBarBody>{(error as Error).message}</MessageBarBody></MessageBar>}
      <Text className={styles.muted}>
        {where.data?.platform
          ? <Trans>平台导入：每行的「区域」即新单位所在区域。</Trans>
          : <Trans>新单位都建在本局区域「{area}」内；填写其他区域的行不会导入。</Trans>}
      </Text>
      <Text className={styles.muted}>
        <Trans>每所学校按所选模板创建（机构、角色、菜单、通讯录），管理员账号使用初始密码，首次登录须修改密码。每行单独导入：出错的行不影响其他行。</Trans>
      </Text>
      <div className={styles.bar}>
        <Field label={<Trans>机构模板</Trans>} required>
          <Dropdown value={chosen?.name ?? ''} selectedOptions={chosen ? [chosen.id] : []} onOptionSelect={(_, d) => setTemplateId(d.optionValue ?? '')} data-testid="unit-template">
            {templateRows.map((x) => <Option key={x.id} value={x.id}>{x.name}</Option>)}
          </Dropdown>
        </Field>
        <Button appearance="primary" icon={<DocumentArrowUpRegular />} disabled={!chosen || !importer} onClick={() => setOpen(true)} data-testid="unit-import-open">
          <Trans>从 Excel 导入</Trans>
        </Button>
      </div>
      {made > 0 && <MessageBar intent="success" data-testid="unit-made"><MessageBarBody><Trans>本次已创建 {made} 个单位</Trans></MessageBarBody></MessageBar>}
      {open && chosen && importer && (
        <ExcelImport<UnitRow>
          title={t`导入单位（模板：${chosen.name}）`}
          headers={UNIT_HEADERS}
          example={[t`阳光第二小学`, '13900000000', t`王校长`, importer.platform ? '' : importer.area, '2027-08-31']}
          templateName="units.xlsx"
          reportName="units-report.xlsx"
          parse={parse}
          submitRows={async (batch) => (await importUnits(chosen.id, batch)).rows.map((r) => r.error ?? null)}
          batchSize={UNIT_IMPORT_BATCH}
          onDone={(n) => setMade((m) => m + n)}
          onClose={() => setOpen(false)}
          data-testid="unit-import"
        />
      )}
    </div>
  );
}
