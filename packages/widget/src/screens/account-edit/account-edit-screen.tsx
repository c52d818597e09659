import '../profile-view/setup.ts';
import { useMemo } from 'react';
import { sameSubmission, valuesFromPayload } from '@portico/core/fields/index';
import { sameAsState } from '@portico/core/fields/same-as-address';
import { accountEntriesFor, editableFields } from '@portico/core/profile/profile-fields';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { fetchAccount, invalidateProfile, saveAccount, type AccountInput, type ProfileAccount } from '../profile-view/profile-calls.ts';
import { useProfileKey } from '../profile-view/use-profile-key.ts';

/**
 * accountEdit (spec 2 section 2): the account's editable fields only, through the form layer:
 * addresses with the 'same as' box of their definition (ticked when the two are equal: core's
 * sameAsState, which the view reads too), the tax id control with the allowed types. Save: 'Account
 * updated' and back to account; saved unchanged: no request, 'No changes to save'; Cancel: account.
 */
export default function AccountEditScreen() {
  const { t } = useTranslation();
  const key = useProfileKey('account');
  const query = useApiQuery(key, fetchAccount);
  return (
    <div>
      <ScreenHeading>{t('states.accountEdit')}</ScreenHeading>
      {query.problem && <ErrorList errors={problemErrors(query.problem)} />}
      {!query.data && query.loading && <Spinner />}
      {query.data && (query.data.IsPrimary
        ? <AccountEditForm account={query.data} />
        : <p className="p-muted">{t('profileArea.account.ownerOnly')}</p>)}
    </div>
  );
}

function AccountEditForm({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const { settings, actions, headingId } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const fields = useMemo(
    () => editableFields(accountEntriesFor(settings.FieldConfiguration.Account, account.AccountRegistrationMode)),
    [settings, account.AccountRegistrationMode],
  );
  const initialValues = useMemo(() => {
    const values = valuesFromPayload(fields, { Account: account });
    // Core's one rule, the same the account view reads: 'same as' is ticked only when both saved
    // addresses are equal; an address never saved opens unticked and empty (the view says 'Not set').
    for (const f of fields) {
      if (!f.sameAs) continue;
      const own = values[f.path] as Record<string, unknown>;
      values[f.path] = { ...own, SameAs: sameAsState(own, values[f.sameAs.path]) === 'same' } as never;
    }
    return values;
  }, [fields, account]);
  const form = useForm({ fields, initialValues });

  const save = form.handleSubmit(async ({ payload, raw }) => {
    // Nothing changed: no request (saving would write the same data again), back to the account.
    if (sameSubmission(fields, initialValues, raw)) {
      actions.notify(t('profileArea.account.unchanged'));
      actions.goTo('account');
      return undefined;
    }
    const body = (payload.Account ?? {}) as AccountInput;
    // A tax id field left half-filled sends no TaxIds (spec 2 section 5): that removes the saved one.
    if (fields.some((f) => f.controlType === 'TaxIdTypeTaxId') && !body.TaxIds) body.TaxIds = [];
    await saveAccount(api, body);
    invalidateProfile(cache);
    actions.notify(t('profileArea.account.updated'));
    actions.goTo('account');
    return undefined;
  });

  return (
    <form className="p-form" noValidate onSubmit={save} aria-labelledby={headingId}>
      <ErrorList errors={form.errorList} />
      <ConfiguredFields form={form} />
      <div className="p-form-actions">
        <button type="submit" className="p-btn p-btn-primary" disabled={form.busy}>{t('profileArea.account.save')}</button>
        <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('account')}>{t('profileArea.account.cancel')}</button>
      </div>
    </form>
  );
}
