import '../../support/setup.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

const CHECK = <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"><path d="M20 6 9 17l-5-5" /></svg>;

/** supportThankYou (spec 2 section 2): 'Thank you / We'll be in touch soon.'; Close returns to the form (spec 2 section 4). */
export default function SupportThankYouScreen() {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div className="p-confirm">
      <div className="p-icon-circle">{CHECK}</div>
      <ScreenHeading>{t('support.thankYouHeading')}</ScreenHeading>
      <p className="p-lead">{t('support.thankYouText')}</p>
      <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('support')}>{t('support.close')}</button>
    </div>
  );
}
