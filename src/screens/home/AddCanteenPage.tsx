// §2 /addCanteen 添加学校 (issue 28): a new school (its canteen) joins the platform as an org of the school kind,
// made from the school template by the one org-creation command (POST /v3/orgappinit/create, all or nothing).
// Only the platform may create orgs: the server refuses anyone else; the page tells them whom to ask and what to
// have ready, instead of a form they could not send.
import { useState } from 'react';
import { Button, Card, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BuildingRegular } from '@fluentui/react-icons';
import { Trans } from '@lingui/react/macro';
import { CreateOrgDialog } from '../base/orgAppManage/CreateOrgDialog.tsx';
import { useIsProvider } from '../base/orgAppManage/useIsProvider.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, maxWidth: '760px' },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0, fontSize: tokens.fontSizeBase500 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalL },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, lineHeight: tokens.lineHeightBase400 },
});

export default function AddCanteenPage({ onNavigate, canOpen }: { onNavigate: (path: string) => void; canOpen: (path: string) => boolean }) {
  const styles = useStyles();
  const provider = useIsProvider();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.root} data-testid="add-canteen">
      <h2 className={styles.title}><BuildingRegular /><Trans>添加学校</Trans></h2>
      <Text><Trans>每所学校（食堂）是平台上的一个机构：有自己的管理员、通讯录、食谱、供应商和订单。</Trans></Text>
      {provider ? (
        <Card className={styles.card}>
          <Text weight="semibold"><Trans>从学校模板创建</Trans></Text>
          <Text>
            <Trans>填写学校名称和管理员手机号即可创建；菜单、角色和通讯录按学校模板一次建好，任何一步失败都不会留下半个机构。管理员用该手机号登录后可添加本校人员、关联供应商。</Trans>
          </Text>
          <div>
            <Button appearance="primary" onClick={() => setOpen(true)} data-testid="add-canteen-create"><Trans>添加学校</Trans></Button>
          </div>
          {canOpen('/orgAppManage') && (
            <Text>
              <Trans>已创建的学校可在机构管理中查看和修改。</Trans>{' '}
              <Link as="button" type="button" onClick={() => onNavigate('/orgAppManage')} data-testid="add-canteen-orgs"><Trans>打开机构管理</Trans></Link>
            </Text>
          )}
          <CreateOrgDialog open={open} onClose={() => setOpen(false)} preferTemplate="学校模板" kind="school" />
        </Card>
      ) : (
        <Card className={styles.card} data-testid="add-canteen-ask">
          <Text weight="semibold"><Trans>新学校由平台开通</Trans></Text>
          <Text><Trans>您的账号不能创建机构。请联系平台客服开通，并准备好：</Trans></Text>
          <ul className={styles.list}>
            <li><Trans>学校（食堂）全称</Trans></li>
            <li><Trans>学校管理员的姓名和手机号（用于登录）</Trans></li>
            <li><Trans>需要的供应商和使用期限</Trans></li>
          </ul>
          <Text><Trans>开通后，管理员用该手机号登录，在右上角切换到新学校即可使用。</Trans></Text>
        </Card>
      )}
    </div>
  );
}
