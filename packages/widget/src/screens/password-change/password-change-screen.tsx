import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { passwordsSheetRef } from '../../passwords/setup.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/** passwordChange (spec 2 section 2): Save shows 'Password changed' and goes to profile; Cancel goes to profile. */
export default function PasswordChangeScreen(_props: ScreenProps<'passwordChange'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <div ref={passwordsSheetRef}>
      <ScreenHeading>{t('states.passwordChange')}</ScreenHeading>
      <ChangePasswordForm
        onDone={() => { actions.notify(t('passwords.change.done')); actions.goTo('profile'); }}
        onCancel={() => actions.goTo('profile')} />
    </div>
  );
}
