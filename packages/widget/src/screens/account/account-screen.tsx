import '../profile-view/setup.ts';
import { useMemo } from 'react';
import { accountEntriesFor, fieldGroups } from '@portico/core/profile/profile-fields';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FieldGroupList } from '../profile-view/field-group-list.tsx';
import { fetchAccount, type ProfileAccount } from '../profile-view/profile-calls.ts';
import { useProfileKey } from '../profile-view/use-profile-key.ts';

/**
 * account (spec 2 section 2): the account's groups, by default Organization (only when the plan's
 * registration mode is Team) and Address (billing and mailing; the second reads 'Same as' the first
 * when equal; 'City, State  PostalCode'). Each group has a 'Change' link to accountEdit unless all its
 * fields are read-only; only the primary contact may save, so members see no links.
 */
export default function AccountScreen() {
  const { t } = useTranslation();
  const key = useProfileKey('account');
  const query = useApiQuery(key, fetchAccount);
  return (
    <div>
      <ScreenHeading>{t('states.account')}</ScreenHeading>
      {query.problem && <ErrorList errors={problemErrors(query.problem)} />}
      {!query.data && query.loading && <Spinner />}
      {query.data && <AccountGroups account={query.data} />}
    </div>
  );
}

function AccountGroups({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const { settings } = useWidget();
  const groups = useMemo(
    () => fieldGroups(accountEntriesFor(settings.FieldConfiguration.Account, account.AccountRegistrationMode)),
    [settings, account.AccountRegistrationMode],
  );
  return (
    <>
      <p className="p-lead">{account.Name}</p>
      <FieldGroupList
        label={t('states.account')}
        body={{ Account: account }}
        groups={groups.map((g) => ({ name: g.name, entries: g.entries, target: g.editable && account.IsPrimary ? 'accountEdit' as const : null }))}
      />
      {!account.IsPrimary && <p className="p-help" style={{ marginTop: 12 }}>{t('profileArea.account.ownerOnly')}</p>}
    </>
  );
}
