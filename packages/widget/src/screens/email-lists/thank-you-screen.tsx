import './setup.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { emailListsSheetRef } from './setup.ts';

/** _thankYou (spec 2 "Email preferences"): the preferences were saved, with a link back to manage. */
export default function ThankYouScreen({ params }: ScreenProps<'_thankYou'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div ref={emailListsSheetRef} className="p-lists-done">
      <ScreenHeading>{t('states._thankYou')}</ScreenHeading>
      <p className="p-lead" role="status">{t('emailLists.thankYouText')}</p>
      {params.token && <button type="button" className="p-link-button" onClick={() => actions.goTo('manage', { token: params.token! })}>{t('emailLists.manageLink')}</button>}
    </div>
  );
}
