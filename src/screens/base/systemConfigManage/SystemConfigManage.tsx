// §2 系统信息配置: the org config of the current org-app, with forms for the paths §3 names, the food-label
// field configuration, theme, locales, the holiday calendar, and every path as JSON. Editing needs the
// config power (admins pass); others see the values read-only.
import { useState } from 'react';
import { MessageBar, MessageBarBody, Spinner, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfigPathEditor } from './ConfigPathEditor.tsx';
import { FoodLabelForm } from './FoodLabelForm.tsx';
import { GeneralForm } from './GeneralForm.tsx';
import { HolidaysCalendar } from './HolidaysCalendar.tsx';
import { LocalesForm } from './LocalesForm.tsx';
import { NutritiousmealsForm } from './NutritiousmealsForm.tsx';
import { RecipeConfigForm } from './RecipeConfigForm.tsx';
import { SelfRegistrationForm } from './SelfRegistrationForm.tsx';
import { ThemeForm } from './ThemeForm.tsx';
import { errorText, useCanEditConfig, useOrgConfig } from './settingsQueries.ts';
import { WithConfigPaths } from './WithConfigPaths.tsx';
import { SELF_REGISTRATION_PATH } from '../../../../domain/selfRegistration.ts';
import { LOCALES_PATH, THEME_PATH } from '../../../../services/settings.ts';

const GENERAL_PATHS = ['titleName', 'systemName', 'systemNotify'] as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
});

const TABS = ['general', 'selfRegistration', 'nutritiousmeals', 'recipeConfig', 'foodLabel', 'theme', 'locales', 'holidays', 'paths'] as const;
type TabKey = (typeof TABS)[number];

export default function SystemConfigManage() {
  const styles = useStyles();
  const { t } = useLingui();
  const canEdit = useCanEditConfig();
  const config = useOrgConfig();
  const [tab, setTab] = useState<TabKey>('general');
  const labels: Record<TabKey, string> = {
    general: t`基本信息与通知`, selfRegistration: t`自助注册`, nutritiousmeals: t`营养餐`, recipeConfig: t`食谱配置`, foodLabel: t`食品标签`,
    theme: t`主题`, locales: t`多语言`, holidays: t`节假日`, paths: t`全部配置项`,
  };
  const data = config.data;

  return (
    <div className={styles.root} data-testid="system-config-manage">
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabKey)}>
        {TABS.map((k) => <Tab key={k} value={k} data-testid={`config-tab-${k}`}>{labels[k]}</Tab>)}
      </TabList>
      {!canEdit && <MessageBar intent="info"><MessageBarBody><Trans>您没有修改机构配置的权限，以下内容只读。</Trans></MessageBarBody></MessageBar>}
      {/* every stored path at once: the all-paths editor's list (the forms read their own paths) */}
      {tab === 'paths' && config.isError && <MessageBar intent="error"><MessageBarBody>{errorText(config.error)}</MessageBarBody></MessageBar>}
      {tab === 'paths' && config.isLoading && <Spinner />}
      {/* each form edits the paths it reads with their versions: a save sends them (docs/versions.md) */}
      {tab === 'general' && <WithConfigPaths paths={GENERAL_PATHS}>{(edit) => <GeneralForm edit={edit} canEdit={canEdit} />}</WithConfigPaths>}
      {tab === 'selfRegistration' && <WithConfigPaths paths={[SELF_REGISTRATION_PATH]}>{(edit) => <SelfRegistrationForm edit={edit} canEdit={canEdit} />}</WithConfigPaths>}
      {tab === 'nutritiousmeals' && <WithConfigPaths paths={['nutritiousmeals']}>{(edit) => <NutritiousmealsForm edit={edit} canEdit={canEdit} />}</WithConfigPaths>}
      {tab === 'recipeConfig' && <WithConfigPaths paths={['recipeConfig']}>{(edit) => <RecipeConfigForm edit={edit} canEdit={canEdit} />}</WithConfigPaths>}
      {tab === 'foodLabel' && <FoodLabelForm canEdit={canEdit} />}
      {tab === 'theme' && <WithConfigPaths paths={[THEME_PATH]}>{(edit) => <ThemeForm edit={edit} canEdit={canEdit} />}</WithConfigPaths>}
      {tab === 'locales' && <WithConfigPaths paths={[LOCALES_PATH]}>{(edit) => <LocalesForm edit={edit} canEdit={canEdit} />}</WithConfigPaths>}
      {tab === 'holidays' && <HolidaysCalendar />}
      {data && tab === 'paths' && <ConfigPathEditor config={data} canEdit={canEdit} />}
    </div>
  );
}
