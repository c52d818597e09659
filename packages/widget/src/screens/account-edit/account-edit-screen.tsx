import '../profile-view/setup.ts';
import { useMemo } from 'react';
import { valuesFromPayload } from '@portico/core/fields/index';
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
import { sameAddress } from '../profile-view/field-display.ts';
import { fetchAccount, invalidateProfile, saveAccount, type AccountInput, type ProfileAccount } from '../profile-view/profile-calls.ts';
import { useProfileKey } from '../profile-view/use-profile-key.ts';

/**
 * accountEdit (spec 2 section 2): the account's editable fields only, through the form layer:
 * addresses with the 'same as' box of their definition (ticked when the two are equal), the tax
 * id control with the allowed types. Save: 'Account updated' and back to account; Cancel: account.
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
    // A saved pair of equal addresses opens with 'same as' ticked; a different one unticked.
    for (const f of fields) {
      if (!f.sameAs) continue;
      const own = values[f.path] as Record<string, unknown>;
      const isEmpty = !Object.values(own).some((v) => typeof v === 'string' && v !== '');
      values[f.path] = { ...own, SameAs: isEmpty ? f.sameAs.checkedByDefault : sameAddress(own, values[f.sameAs.path]) } as never;
    }
    return values;
  }, [fields, account]);
  const form = useForm({ fields, initialValues });

  const save = form.handleSubmit(async ({ payload }) => {
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
