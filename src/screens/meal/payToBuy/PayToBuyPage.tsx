// §2 payToBuy 购买服务 (issue 35): the org's service plan (edition, user limit, expiration, the recipe quota of §7
// config.mallRecipeUserLimite) and its renewal or upgrade: an order priced by the edition (the deployment's editions
// and prices, as GET /v1/serviceplan lists them: nothing here knows a price), paid by bank transfer
// (the platform confirms the money arrived) or through an online gateway; once paid the plan is extended, and the
// order's invoice can be downloaded as a PDF. The platform sees every org's transfers waiting and confirms them here.
import { useState } from 'react';
import {
  Badge, Button, Card, Dropdown, Field, Input, makeStyles, MessageBar, MessageBarBody, Option, Radio, RadioGroup, Subtitle2, Text, Title3, tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp, usePowers } from '../../../app/hooks.ts';
import { useMoney } from '../../../components/useMoney.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { orgExpiryOf } from '../../../../domain/orgExpiry.ts';
import { DEFAULT_SERVICE_EDITIONS, extendedExpiration, quoteOf, type PaymentMethod, type ServiceEdition } from '../../../../domain/servicePlan.ts';
import {
  cancelServiceOrder, confirmServiceOrder, pendingOrdersQuery, placeServiceOrder, servicePlanKeys, servicePlanQuery, type PaymentStart, type ServiceOrder,
} from '../../../../services/servicePlan.ts';
import { orgCheckQuery } from '../../../../services/users.ts';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { errorText } from '../shared/errors.ts';
import { invoicePdf } from './invoicePdf.ts';
import { download } from '../mallRecipeCycleLabelSet/labelPdf.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, maxWidth: '1100px' },
  facts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: tokens.spacingHorizontalL },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-end', flexWrap: 'wrap' },
  editions: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM },
  edition: { cursor: 'pointer' },
  chosen: { outline: `2px solid ${tokens.colorBrandStroke1}` },
});

/** The names of the default editions (domain/servicePlan.ts DEFAULT_SERVICE_EDITIONS) in the user's language; another edition shows the name the deployment gave it. */
const DEFAULT_EDITION_LABELS: Readonly<Record<string, MessageDescriptor>> = { basic: msg`基础版`, standard: msg`标准版`, professional: msg`专业版` };
const DEFAULT_EDITION_NAMES: Readonly<Record<string, string>> = Object.fromEntries(DEFAULT_SERVICE_EDITIONS.map((e) => [e.key, e.name]));
const METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = { bankTransfer: msg`银行转账（平台确认到账）`, simulated: msg`在线支付` };
const STATUS_LABELS: Record<ServiceOrder['status'], MessageDescriptor> = { pending: msg`待支付`, paid: msg`已支付`, cancelled: msg`已取消` };

export default function PayToBuyPage() {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const money = useMoney();
  const fmt = useIntlFormat();
  const orgId = useCurrentOrgApp()?.orgId;
  const { platform, isAdmin } = usePowers();
  const qc = useQueryClient();
  const plan = useQuery(servicePlanQuery(orgId));
  const pending = useQuery(pendingOrdersQuery(orgId, platform));
  const [chosenEdition, setEdition] = useState<ServiceEdition>('');
  const [years, setYears] = useState(1);
  const [method, setMethod] = useState<PaymentMethod>('bankTransfer');
  const [payment, setPayment] = useState<PaymentStart | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [references, setReferences] = useState<Record<string, string>>({});

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: servicePlanKeys.all });
    void qc.invalidateQueries({ queryKey: orgCheckQuery(orgId).queryKey });
  };
  const order = useMutation({
    mutationFn: () => placeServiceOrder({ edition, years, method }),
    onSuccess: (r) => { setPayment(r.payment); setError(null); refresh(); },
    onError: (e) => setError(errorText(e)),
  });
  const cancel = useMutation({ mutationFn: (id: string) => cancelServiceOrder(id), onSuccess: refresh, onError: (e) => setError(errorText(e)) });
  const confirm = useMutation({
    mutationFn: (o: ServiceOrder) => confirmServiceOrder(o.id, references[o.id] ?? ''),
    onSuccess: refresh,
    onError: (e) => setError(errorText(e)),
  });

  const data = plan.data;
  // until one is chosen, the edition the org has (else the first on sale)
  const offer = data?.editions.find((e) => e.key === chosenEdition) ?? data?.editions.find((e) => e.key === data.edition) ?? data?.editions[0];
  const edition = offer?.key ?? '';
  const editionName = (e: ServiceEdition | null) => {
    if (!e) return t`未购买`;
    const sold = data?.editions.find((x) => x.key === e);
    const label = DEFAULT_EDITION_LABELS[e];
    return label && (!sold || sold.name === DEFAULT_EDITION_NAMES[e]) ? i18n._(label) : sold?.name ?? e;
  };
  const expiry = data ? orgExpiryOf({ expiration: data.expiration }, new Date()) : null;
  const newEnd = data ? extendedExpiration(data.expiration, new Date(), years) : null;
  const canBuy = platform || isAdmin;

  const saveInvoice = async (o: ServiceOrder) => {
    const bytes = await invoicePdf({
      title: t`服务购买发票`,
      lines: [
        [t`发票号`, `INV-${o.id.slice(0, 8).toUpperCase()}`], [t`购买单位`, data?.orgName ?? o.orgName], [t`服务版本`, editionName(o.edition)],
        [t`购买年限`, t`${o.years} 年`], [t`金额`, money(o.amount)], [t`支付方式`, i18n._(METHOD_LABELS[o.method])], [t`支付流水号`, o.reference],
        [t`支付时间`, fmt.dateTime(o.paidAt)], [t`服务到期`, fmt.date(o.expiration)],
      ],
      footer: t`本发票由系统生成，订单号 ${o.id}`,
    });
    download(bytes, `invoice-${o.id.slice(0, 8)}.pdf`);
  };

  const orderColumns: Column<ServiceOrder>[] = [
    { key: 'placed', header: <Trans>下单时间</Trans>, render: (o) => fmt.dateTime(o.placedAt) },
    { key: 'edition', header: <Trans>版本</Trans>, render: (o) => editionName(o.edition) },
    { key: 'years', header: <Trans>年限</Trans>, render: (o) => o.years },
    { key: 'amount', header: <Trans>金额</Trans>, render: (o) => money(o.amount) },
    { key: 'method', header: <Trans>支付方式</Trans>, render: (o) => i18n._(METHOD_LABELS[o.method]) },
    { key: 'status', header: <Trans>状态</Trans>, render: (o) => <Badge appearance="tint" color={o.status === 'paid' ? 'success' : o.status === 'pending' ? 'warning' : 'subtle'} data-testid="order-status">{i18n._(STATUS_LABELS[o.status])}</Badge> },
    {
      key: 'actions', header: <Trans>操作</Trans>, render: (o) => (
        <>
          {o.status === 'paid' && <Button size="small" icon={<ArrowDownloadRegular />} onClick={() => void saveInvoice(o)} data-testid="order-invoice"><Trans>下载发票</Trans></Button>}
          {o.status === 'pending' && canBuy && <Button size="small" onClick={() => cancel.mutate(o.id)}><Trans>取消订单</Trans></Button>}
        </>
      ),
    },
  ];
  const pendingColumns: Column<ServiceOrder>[] = [
    { key: 'org', header: <Trans>机构</Trans>, render: (o) => o.orgName },
    { key: 'memo', header: <Trans>转账附言（订单号）</Trans>, render: (o) => o.id },
    { key: 'edition', header: <Trans>版本</Trans>, render: (o) => `${editionName(o.edition)} × ${o.years}` },
    { key: 'amount', header: <Trans>金额</Trans>, render: (o) => money(o.amount) },
    {
      key: 'confirm', header: <Trans>确认到账</Trans>, render: (o) => (
        <div className={styles.form}>
          <Input size="small" placeholder={t`银行流水号`} value={references[o.id] ?? ''} onChange={(_, d) => setReferences({ ...references, [o.id]: d.value })} data-testid="pending-reference" />
          <Button size="small" appearance="primary" disabled={!(references[o.id] ?? '').trim() || confirm.isPending} onClick={() => confirm.mutate(o)} data-testid="pending-confirm">
            <Trans>确认</Trans>
          </Button>
        </div>
      ),
    },
  ];

  const expiration = data?.expiration ? fmt.date(data.expiration) : t`长期有效`;
  const limit = data?.userLimit ?? t`不限`;
  return (
    <div className={styles.root} data-testid="screen-payToBuy">
      <Title3><Trans>购买服务</Trans></Title3>
      {(error || plan.error) && <MessageBar intent="error"><MessageBarBody data-testid="plan-error">{error ?? errorText(plan.error)}</MessageBarBody></MessageBar>}
      {data && (
        <Card>
          <Subtitle2>{data.orgName}</Subtitle2>
          <div className={styles.facts}>
            <div className={styles.fact}><Text className={styles.muted}><Trans>当前版本</Trans></Text><Text weight="semibold" data-testid="plan-edition">{editionName(data.edition)}</Text></div>
            <div className={styles.fact}>
              <Text className={styles.muted}><Trans>服务到期</Trans></Text>
              <Text weight="semibold" data-testid="plan-expiration">{expiration}</Text>
              {expiry?.kind === 'soon' && <Badge color="warning">{t`还有 ${expiry.days} 天`}</Badge>}
              {expiry?.kind === 'expired' && <Badge color="danger">{t`已到期`}</Badge>}
            </div>
            <div className={styles.fact}><Text className={styles.muted}><Trans>用户数 / 上限</Trans></Text><Text weight="semibold" data-testid="plan-users">{`${data.userCount} / ${limit}`}</Text></div>
            <div className={styles.fact}><Text className={styles.muted}><Trans>每人可建食谱数</Trans></Text><Text weight="semibold">{data.recipeUserLimit}</Text></div>
          </div>
        </Card>
      )}
      {data && canBuy && (
        <Card>
          <Subtitle2><Trans>续费或升级</Trans></Subtitle2>
          <div className={styles.editions}>
            {data.editions.map((e) => (
              <Card key={e.key} className={`${styles.edition} ${e.key === edition ? styles.chosen : ''}`} onClick={() => setEdition(e.key)} data-testid={`edition-${e.key}`}>
                <Text weight="semibold">{editionName(e.key)}</Text>
                <Text>{t`最多 ${e.userLimit} 个用户`}</Text>
                <Text>{t`${money(e.yearlyPrice)} / 年`}</Text>
              </Card>
            ))}
          </div>
          <div className={styles.form}>
            <Field label={<Trans>年限</Trans>}>
              <Dropdown value={t`${years} 年`} selectedOptions={[String(years)]} onOptionSelect={(_, d) => setYears(Number(d.optionValue ?? 1))} data-testid="plan-years">
                {Array.from({ length: data.yearsMax }, (_, i) => i + 1).map((y) => <Option key={y} value={String(y)} text={t`${y} 年`}>{t`${y} 年`}</Option>)}
              </Dropdown>
            </Field>
            <Field label={<Trans>支付方式</Trans>}>
              <RadioGroup layout="horizontal" value={method} onChange={(_, d) => setMethod(d.value as PaymentMethod)}>
                {data.methods.map((m) => <Radio key={m} value={m} label={i18n._(METHOD_LABELS[m])} data-testid={`method-${m}`} />)}
              </RadioGroup>
            </Field>
            <Text data-testid="plan-quote">
              <Trans>应付 {money(offer ? quoteOf(offer, years) : 0)}，支付后服务到期日为 {fmt.date(newEnd)}</Trans>
            </Text>
            <Button appearance="primary" disabled={order.isPending || !offer} onClick={() => order.mutate()} data-testid="plan-order">
              <Trans>提交订单</Trans>
            </Button>
          </div>
          {payment?.state === 'awaitingTransfer' && (
            <MessageBar intent="info" data-testid="plan-transfer">
              <MessageBarBody>
                {payment.instructions
                  ? <Trans>请转账至 {payment.instructions.payee || t`平台收款账户`} {payment.instructions.bank} {payment.instructions.account}，附言填写订单号 {payment.instructions.memo}。平台确认到账后服务自动延期。</Trans>
                  : <Trans>请联系平台转账，平台确认到账后服务自动延期。</Trans>}
              </MessageBarBody>
            </MessageBar>
          )}
          {payment?.state === 'paid' && <MessageBar intent="success" data-testid="plan-paid"><MessageBarBody><Trans>支付成功，服务已延期。</Trans></MessageBarBody></MessageBar>}
        </Card>
      )}
      {data && (
        <section>
          <Subtitle2><Trans>购买记录</Trans></Subtitle2>
          <DataTable rows={data.orders} columns={orderColumns} rowKey={(o) => o.id} testId="plan-orders" />
        </section>
      )}
      {platform && (
        <section>
          <Subtitle2><Trans>待确认的银行转账（所有机构）</Trans></Subtitle2>
          <DataTable rows={(pending.data?.rows ?? []).filter((o) => o.method === 'bankTransfer')} columns={pendingColumns} rowKey={(o) => o.id} testId="plan-pending" />
        </section>
      )}
    </div>
  );
}
