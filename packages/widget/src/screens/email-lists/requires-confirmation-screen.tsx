import './setup.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { emailListsSheetRef } from './setup.ts';

/** emailListRequiresConfirmation (spec 2): a double opt-in list was joined: 'Please check your email'. */
export default function RequiresConfirmationScreen({ params }: ScreenProps<'emailListRequiresConfirmation'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div ref={emailListsSheetRef} className="p-lists-done">
      <ScreenHeading>{t('states.emailListRequiresConfirmation')}</ScreenHeading>
      <p className="p-lead" role="status">{t('emailLists.checkEmailText', { lists: params.lists ?? '' })}</p>
      <p className="p-muted">{t('emailLists.checkEmailMore')}</p>
      {params.token && <button type="button" className="p-link-button" onClick={() => actions.goTo('manage', { token: params.token! })}>{t('emailLists.manageLink')}</button>}
    </div>
  );
}
