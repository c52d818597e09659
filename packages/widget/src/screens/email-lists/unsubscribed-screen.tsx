import './setup.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { emailListsSheetRef } from './setup.ts';

/** _unsubscribed (spec 2 "Unsubscribe"): done, with the way to manage the other lists. */
export default function UnsubscribedScreen({ params }: ScreenProps<'_unsubscribed'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div ref={emailListsSheetRef} className="p-lists-done">
      <ScreenHeading>{t('states._unsubscribed')}</ScreenHeading>
      <p className="p-lead" role="status">{t('emailLists.unsubscribedText')}</p>
      {params.token && <button type="button" className="p-link-button" onClick={() => actions.goTo('manage', { token: params.token! })}>{t('emailLists.manageLink')}</button>}
    </div>
  );
}
