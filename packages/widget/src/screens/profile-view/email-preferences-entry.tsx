import { useWidget } from '../../app/context.ts';
import { useApi } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { profilePreferencesToken } from '../email-lists/email-lists-calls.ts';

/**
 * The profile's 'Email preferences' entry (issue 18): a preferences token for the signed-in person,
 * then the same manage screen a mailed link opens (one screen, one credential).
 */
export function EmailPreferencesEntry() {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const open = useAction(async () => {
    actions.goTo('manage', { token: await profilePreferencesToken(api) });
  });
  return (
    <section className="p-section">
      <ErrorList errors={open.errors} />
      <button type="button" className="p-btn p-btn-secondary" aria-disabled={open.busy || undefined} onClick={() => void open.run()}>{t('profileArea.emailPreferences')}</button>
    </section>
  );
}
