import { Trans } from '@lingui/react/macro';
import { SurveyScreen } from '../shared/SurveyScreen.tsx';

/** priceSurveyVoucher: market prices of the area's supplier SKUs. */
export default function PriceSurveyVoucherPage() {
  return <SurveyScreen kind="supplier" title={<Trans>询价凭证</Trans>} testId="screen-priceSurveyVoucher" />;
}
