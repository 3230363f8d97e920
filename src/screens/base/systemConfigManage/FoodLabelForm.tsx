// §3 the food-label field configuration: fields by group in §3 order, reorder (drag or up/down), enable,
// custom label text, custom options, field defaults; reset to the §3 defaults.
import { useEffect, useState, type DragEvent } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody,
  Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  addCustomField, effectiveOptions, FOOD_LABEL_GROUP_NAMES, FOOD_LABEL_GROUPS, groupedFields, moveField, removeCustomField, setCustomLabel, setCustomOptions,
  setFieldEnabled, setFieldValue, stepField, validateFoodLabelConfig, type FoodLabelConfig, type FoodLabelField, type FoodLabelGroup,
} from '../../../../domain/foodLabel.ts';
import { fetchFoodLabelConfig, resetFoodLabelConfig, saveFoodLabelConfig, type FoodLabelConfigView } from '../../../../services/settings.ts';
import { isStaleVersion } from '../../../../services/http.ts';
import { SaveBar, type SaveState } from './SaveBar.tsx';
import { useFoodLabelTexts } from '../../../components/foodLabelTexts.ts';
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved, useFoodLabelConfig } from './settingsQueries.ts';

const useStyles = makeStyles({
  group: { backgroundColor: tokens.colorNeutralBackground3 },
  handle: { cursor: 'grab', color: tokens.colorNeutralForeground3 },
  options: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  dragOver: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
});

/** The §3 group names, translated. */
function useGroupNames(): Record<FoodLabelGroup, string> {
  const { text } = useFoodLabelTexts();
  return Object.fromEntries(FOOD_LABEL_GROUPS.map((g) => [g, text(FOOD_LABEL_GROUP_NAMES[g])])) as Record<FoodLabelGroup, string>;
}

/** A field's name as the screen shows it: a system field's §3 name in the console's language, an org field's as typed. */
function useFieldName(): (f: FoodLabelField) => string {
  const { text } = useFoodLabelTexts();
  return (f) => (f.fieldType === 'system' ? text(f.defaultLabel) : f.defaultLabel);
}

/** Fields whose default value the org may set. */
const VALUE_FIELDS = new Set(['productGrade', 'remark']);

export function FoodLabelForm({ canEdit }: { canEdit: boolean }) {
  const styles = useStyles();
  const form = useFormStyles();
  const { t } = useLingui();
  const saved = useConfigSaved();
  const groupNames = useGroupNames();
  const fieldName = useFieldName();
  const query = useFoodLabelConfig();
  const [config, setConfig] = useState<FoodLabelConfig | null>(null);
  // the settings document's version the draft was read at (its ETag): a save sends it as If-Match (409 when someone
  // saved in between); each save's answer carries the new one, so a second save is not stale
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [drag, setDrag] = useState<{ field: string; over: string | null } | null>(null);
  const [optionsOf, setOptionsOf] = useState<FoodLabelField | null>(null);
  const [adding, setAdding] = useState<FoodLabelGroup | null>(null);

  useEffect(() => {
    if (query.data && config === null) {
      setConfig({ fields: query.data.fields, saltConversionTip: query.data.saltConversionTip, panel: query.data.panel });
      setVersion(query.data.version);
    }
  }, [query.data, config]);

  if (query.isError) return <MessageBar intent="error"><MessageBarBody>{errorText(query.error)}</MessageBarBody></MessageBar>;
  if (!config) return <Text><Trans>加载中…</Trans></Text>;

  const edit = (fn: (c: FoodLabelConfig) => FoodLabelConfig) => {
    setConfig((c) => (c ? fn(c) : c));
    setState({ kind: 'idle' });
  };
  const errors = validateFoodLabelConfig(config);

  const write = async (call: () => Promise<FoodLabelConfigView>) => {
    setState({ kind: 'saving' });
    try {
      const res = await call();
      setConfig({ fields: res.fields, saltConversionTip: res.saltConversionTip, panel: res.panel });
      setVersion(res.version);
      setState({ kind: 'saved' });
      saved();
    } catch (e) {
      setState({ kind: 'error', message: errorText(e) });
      // someone saved first: start again from the config as it is now (the stale toast says who)
      if (isStaleVersion(e)) {
        const fresh = await fetchFoodLabelConfig();
        setConfig({ fields: fresh.fields, saltConversionTip: fresh.saltConversionTip, panel: fresh.panel });
        setVersion(fresh.version);
      }
    }
  };
  const save = () => write(() => saveFoodLabelConfig(config, version));
  const reset = () => write(() => resetFoodLabelConfig(version));

  const onDrop = (e: DragEvent, target: FoodLabelField, index: number) => {
    e.preventDefault();
    const from = drag?.field;
    setDrag(null);
    const source = config.fields.find((f) => f.field === from);
    if (!source || source.group !== target.group || source.field === target.field) return;
    edit((c) => moveField(c, source.field, index));
  };

  return (
    <div className={form.form} style={{ maxWidth: 'none' }} data-testid="food-label-config">
      <Text className={form.hint}>
        {query.data?.isDefault ? <Trans>当前为系统默认配置</Trans> : <Trans>当前为本机构的配置</Trans>}
      </Text>
      <Table size="small" aria-label={t`食品标签字段`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 120 }}><Trans>排序</Trans></TableHeaderCell>
            <TableHeaderCell style={{ width: 90 }}><Trans>启用</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>字段</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>自定义名称</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>选项 / 默认值</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {groupedFields(config).map(({ group, fields }) => [
            <TableRow key={`g-${group}`} className={styles.group} data-testid={`label-group-${group}`}>
              <TableCell colSpan={5}>
                <Text weight="semibold">{groupNames[group]}</Text>
                {canEdit && (
                  <Button size="small" appearance="subtle" icon={<AddRegular />} onClick={() => setAdding(group)} style={{ marginLeft: 8 }}>
                    <Trans>添加字段</Trans>
                  </Button>
                )}
              </TableCell>
            </TableRow>,
            ...fields.map((f, i) => (
              <TableRow
                key={f.field}
                data-testid={`label-field-${f.field}`}
                draggable={canEdit}
                onDragStart={() => setDrag({ field: f.field, over: null })}
                onDragOver={(e) => { if (drag) { e.preventDefault(); if (drag.over !== f.field) setDrag({ ...drag, over: f.field }); } }}
                onDrop={(e) => onDrop(e, f, i)}
                onDragEnd={() => setDrag(null)}
                className={drag?.over === f.field ? styles.dragOver : undefined}
              >
                <TableCell>
                  <ReOrderDotsVerticalRegular className={styles.handle} aria-hidden />
                  <Button size="small" appearance="transparent" icon={<ArrowUpRegular />} aria-label={t`上移`} disabled={!canEdit || i === 0}
                    onClick={() => edit((c) => stepField(c, f.field, -1))} data-testid={`label-up-${f.field}`} />
                  <Button size="small" appearance="transparent" icon={<ArrowDownRegular />} aria-label={t`下移`} disabled={!canEdit || i === fields.length - 1}
                    onClick={() => edit((c) => stepField(c, f.field, 1))} data-testid={`label-down-${f.field}`} />
                </TableCell>
                <TableCell>
                  <Switch checked={f.enabled} disabled={!canEdit || f.required} aria-label={t`启用`}
                    onChange={(_, d) => edit((c) => setFieldEnabled(c, f.field, d.checked))} data-testid={`label-enable-${f.field}`} />
                </TableCell>
                <TableCell>
                  {fieldName(f)} <Text className={form.mono}>{f.field}</Text>
                  {f.required && <Badge size="small" appearance="tint" color="danger" style={{ marginLeft: 4 }}><Trans>必填</Trans></Badge>}
                  {f.fieldType === 'custom' && canEdit && (
                    <Button size="small" appearance="transparent" icon={<DeleteRegular />} aria-label={t`删除字段`} onClick={() => edit((c) => removeCustomField(c, f.field))} />
                  )}
                </TableCell>
                <TableCell>
                  <Input size="small" value={f.customLabel} placeholder={fieldName(f)} maxLength={20} disabled={!canEdit}
                    onChange={(_, d) => edit((c) => ({ ...c, fields: c.fields.map((x) => (x.field === f.field ? { ...x, customLabel: d.value } : x)) }))}
                    onBlur={() => edit((c) => setCustomLabel(c, f.field, f.customLabel))} data-testid={`label-custom-${f.field}`} />
                </TableCell>
                <TableCell>
                  <FieldExtras field={f} canEdit={canEdit} onOptions={() => setOptionsOf(f)} onValue={(v) => edit((c) => setFieldValue(c, f.field, v))}
                    onPart={(part, v) => edit((c) => ({ ...c, fields: c.fields.map((x) => (x.field === f.field ? { ...x, [part]: v } : x)) }))} />
                </TableCell>
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
      <Switch
        label={t`显示钠盐换算提示：1mg钠相当于2.5mg食盐`} checked={config.saltConversionTip.enabled} disabled={!canEdit}
        onChange={(_, d) => edit((c) => ({ ...c, saltConversionTip: { ...c.saltConversionTip, enabled: d.checked } }))} data-testid="label-salt-tip"
      />
      <Switch
        label={t`营养成分表按 GB 28050-2025（1+6：增加饱和脂肪和糖，2027-03-16 起实施）`} checked={config.panel === 'gb28050-2025'} disabled={!canEdit}
        onChange={(_, d) => edit((c) => ({ ...c, panel: d.checked ? 'gb28050-2025' : 'gb28050-2011' }))} data-testid="label-panel-2025"
      />
      {errors.length > 0 && <MessageBar intent="warning"><MessageBarBody>{errors.join('；')}</MessageBarBody></MessageBar>}
      {canEdit && (
        <SaveBar state={state} disabled={errors.length > 0} onSave={save} testId="food-label"
          extra={<Button onClick={reset} data-testid="food-label-reset"><Trans>恢复默认配置</Trans></Button>} />
      )}
      {optionsOf && (
        <OptionsDialog field={optionsOf} onClose={() => setOptionsOf(null)}
          onSave={(labels, use) => { edit((c) => setCustomOptions(c, optionsOf.field, labels, use)); setOptionsOf(null); }} />
      )}
      {adding && (
        <AddFieldDialog group={adding} onClose={() => setAdding(null)} onAdd={(label) => { edit((c) => addCustomField(c, adding, label)); setAdding(null); }} />
      )}
    </div>
  );
}

function FieldExtras({ field: f, canEdit, onOptions, onValue, onPart }: {
  field: FoodLabelField; canEdit: boolean; onOptions: () => void; onValue: (v: string) => void;
  onPart: (part: 'unit' | 'rule' | 'prefix' | 'suffix' | 'dateFormat', v: string) => void;
}) {
  const styles = useStyles();
  const { t } = useLingui();
  const { text } = useFoodLabelTexts();
  const opts = effectiveOptions(f);
  /** a built-in option in the console's language; the org's own as typed */
  const optionLabel = (o: { label: string }) => (f.isUseCustomOptions ? o.label : text(o.label));
  return (
    <div className={styles.options}>
      {f.field === 'netContent' && (
        <select value={f.unit ?? '克'} disabled={!canEdit} onChange={(e) => onPart('unit', e.target.value)} aria-label={t`单位`} data-testid="label-unit">
          {opts.map((o) => <option key={o.value} value={o.value}>{optionLabel(o)}</option>)}
        </select>
      )}
      {f.field === 'productGrade' && (
        <select value={f.value} disabled={!canEdit} onChange={(e) => onValue(e.target.value)} aria-label={t`默认等级`}>
          {opts.map((o) => <option key={o.value} value={o.value}>{optionLabel(o)}</option>)}
        </select>
      )}
      {f.field === 'qualityGuaranteePeriod' && (
        <Input size="small" value={f.rule ?? ''} disabled={!canEdit} onChange={(_, d) => onPart('rule', d.value)} style={{ width: 70 }} aria-label={t`保质期规则`} />
      )}
      {f.field === 'batchNo' && (
        <>
          <Input size="small" value={f.prefix ?? ''} placeholder={t`前缀`} disabled={!canEdit} onChange={(_, d) => onPart('prefix', d.value)} style={{ width: 70 }} />
          <Input size="small" value={f.dateFormat ?? ''} disabled={!canEdit} onChange={(_, d) => onPart('dateFormat', d.value)} style={{ width: 100 }} />
          <Input size="small" value={f.suffix ?? ''} placeholder={t`后缀`} disabled={!canEdit} onChange={(_, d) => onPart('suffix', d.value)} style={{ width: 70 }} />
        </>
      )}
      {f.field === 'remark' && VALUE_FIELDS.has(f.field) && (
        <Textarea size="small" value={f.value} disabled={!canEdit} onChange={(_, d) => onValue(d.value)} style={{ minWidth: 260 }} aria-label={t`默认备注`} />
      )}
      {f.field !== 'netContent' && f.field !== 'productGrade' && opts.map((o) => (
        <Badge key={`${o.scene}-${o.value}`} appearance="outline" color={f.isUseCustomOptions ? 'brand' : 'informative'}>{optionLabel(o)}</Badge>
      ))}
      {f.options && canEdit && (
        <Button size="small" appearance="subtle" onClick={onOptions} data-testid={`label-options-${f.field}`}><Trans>自定义选项</Trans></Button>
      )}
    </div>
  );
}

function OptionsDialog({ field, onClose, onSave }: { field: FoodLabelField; onClose: () => void; onSave: (labels: string[], use: boolean) => void }) {
  const { t } = useLingui();
  const fieldName = useFieldName();
  const { text: labelText } = useFoodLabelTexts();
  const [text, setText] = useState((field.customOptions ?? []).map((o) => o.label).join('\n'));
  const [use, setUse] = useState(field.isUseCustomOptions);
  const labels = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t`自定义选项`} · {fieldName(field)}</DialogTitle>
          <DialogContent>
            <Field label={t`每行一个选项`} hint={t`系统选项：${(field.options ?? []).map((o) => labelText(o.label)).join('、')}`}>
              <Textarea value={text} onChange={(_, d) => setText(d.value)} rows={6} data-testid="label-options-text" />
            </Field>
            <Switch label={t`使用自定义选项代替系统选项`} checked={use && labels.length > 0} disabled={labels.length === 0} onChange={(_, d) => setUse(d.checked)} data-testid="label-options-use" />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" onClick={() => onSave(labels, use)} data-testid="label-options-ok"><Trans>确定</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function AddFieldDialog({ group, onClose, onAdd }: { group: FoodLabelGroup; onClose: () => void; onAdd: (label: string) => void }) {
  const { t } = useLingui();
  const groupNames = useGroupNames();
  const [label, setLabel] = useState('');
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t`添加字段`} · {groupNames[group]}</DialogTitle>
          <DialogContent>
            <Field label={t`字段名称`} validationMessage={label.trim() ? undefined : t`请输入字段名称`}>
              <Input value={label} maxLength={20} onChange={(_, d) => setLabel(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={!label.trim()} onClick={() => onAdd(label)}><Trans>添加</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
