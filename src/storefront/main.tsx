// Issue 34: the storefront's entry (mall.html?shop=<orgId>): React, its own messages and plain CSS only, so a phone
// has it usable fast (budget: ≤ 100 KB gzip of JS, `npm run bench -- storefront`).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Storefront } from './Storefront.tsx';
import { activateStorefrontLocale, initialLocale, type StorefrontLocale } from './i18n.ts';

activateStorefrontLocale(initialLocale());
const orgId = new URLSearchParams(location.search).get('shop') ?? '';

function App() {
  const [, setLocale] = useState(i18n.locale);
  const onLocale = (l: StorefrontLocale) => { activateStorefrontLocale(l, true); setLocale(l); };
  return <I18nProvider i18n={i18n}><Storefront orgId={orgId} onLocale={onLocale} /></I18nProvider>;
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
