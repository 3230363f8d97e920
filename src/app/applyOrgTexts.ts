// The console's one overlay of the org's texts on its Lingui catalogs (src/app/orgTexts.ts), set each time an org-app's
// context arrives. Loaded with the signed-in services, not the sign-in entry: it needs the whole zh-CN catalog.
import { i18n } from './i18n.ts';
import { messages as zhCN } from '../../locales/zh-CN.ts';
import { orgTextsOverlay, type OrgTexts } from './orgTexts.ts';

let overlay: ReturnType<typeof orgTextsOverlay> | null = null;

export function applyOrgTexts(texts: OrgTexts): void {
  overlay ??= orgTextsOverlay(i18n, zhCN);
  overlay.set(texts);
}
