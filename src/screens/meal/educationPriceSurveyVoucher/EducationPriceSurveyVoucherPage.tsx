import { Trans } from '@lingui/react/macro';
import { SurveyScreen } from '../shared/SurveyScreen.tsx';

/** educationPriceSurveyVoucher: the bureau's inquiry goods (price class jyjxj by default), by product name. */
export default function EducationPriceSurveyVoucherPage() {
  return <SurveyScreen kind="education" title={<Trans>教育局询价凭证</Trans>} testId="screen-educationPriceSurveyVoucher" />;
}
