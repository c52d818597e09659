import '../profile-view/setup.ts';
import { useMemo, useState } from 'react';
import { valuesFromPayload } from '@portico/core/fields/index';
import { fieldGroups, profileEditFields, profileEntries } from '@portico/core/profile/profile-fields';
import { useWidget } from '../../app/context.ts';
import { ApiProblem, problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import type { DisplayError } from '../../components/error-list-logic.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ConfiguredFields } from '../../components/fields/configured-field.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  fetchProfile, invalidateProfile, saveProfile, uploadPhoto, type Profile, type ProfileInput,
} from '../profile-view/profile-calls.ts';
import { useProfileKey } from '../profile-view/use-profile-key.ts';
import { PhotoField, photoError } from './photo-field.tsx';
import type { ScreenProps } from '../../states.ts';

/**
 * profileEdit (spec 2 section 2): the configured profile fields the person may change (read-only
 * ones skipped; the email skipped: it changes through emailChange, issue 12) through the form layer, and the profile photo.
 * Save uploads the photo first (a refused photo stops the save and is cleared), then the fields;
 * 'Profile updated' and back to profile. Cancel returns to profile. Opened from a group's 'Change
 * <group>' link it edits that group alone ('Change name': first and last name), from the photo's
 * link the photo alone (issue 15); with neither param, everything editable.
 */
export default function ProfileEditScreen({ params }: ScreenProps<'profileEdit'>) {
  const { t } = useTranslation();
  const key = useProfileKey('me');
  const query = useApiQuery(key, fetchProfile);
  return (
    <div>
      <ScreenHeading>{params.photo ? t('profileArea.changePhoto') : params.group ? t('profileArea.changeHeading', { group: params.group.toLowerCase() }) : t('states.profileEdit')}</ScreenHeading>
      {query.problem && <ErrorList errors={problemErrors(query.problem)} />}
      {!query.data && query.loading && <Spinner />}
      {query.data && <ProfileEditForm profile={query.data} group={params.photo ? null : params.group} photoOnly={params.photo === true} />}
    </div>
  );
}

function ProfileEditForm({ profile, group, photoOnly }: { profile: Profile; group: string | null | undefined; photoOnly: boolean }) {
  const { t } = useTranslation();
  const { settings, actions, headingId } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const google = Boolean(profile.OAuthGoogleProfileId);
  // The email has its own step (emailChange): profileEdit keeps the other fields.
  // A group's link edits that group's fields; the photo's link none; an unknown group name (an old link) everything.
  const fields = useMemo(() => {
    const entries = profileEntries(settings.FieldConfiguration.Profile);
    if (photoOnly) return [];
    const chosen = group ? fieldGroups(entries, google).find((g) => g.name === group) : undefined;
    return profileEditFields(chosen ? chosen.entries : entries, google);
  }, [settings, google, group, photoOnly]);
  const showPhoto = photoOnly || !group;
  const initialValues = useMemo(() => valuesFromPayload(fields, { Person: profile }), [fields, profile]);
  const form = useForm({ fields, initialValues });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoProblem, setPhotoProblem] = useState<DisplayError | null>(null);
  const [clearPhoto, setClearPhoto] = useState(0);

  const save = form.handleSubmit(async ({ payload }) => {
    // 'Change profile photo' with no file chosen has nothing to save: say so instead of 'Profile updated'.
    if (photoOnly && !photo) {
      setPhotoProblem({ code: 'profileArea.edit.choosePhoto', message: t('profileArea.edit.choosePhoto') });
      return undefined;
    }
    if (photo) {
      try {
        await uploadPhoto(api, photo);
      } catch (err) {
        if (err instanceof ApiProblem && err.code.startsWith('Errors.File')) {
          // The server checked the bytes: the failed photo is cleared and its error replaces any earlier one.
          setPhotoProblem(photoError(err.code, photo.name));
          setPhoto(null);
          setClearPhoto((n) => n + 1);
          return undefined;
        }
        throw err;
      }
      setPhoto(null);
    }
    if (!photoOnly) await saveProfile(api, (payload.Person ?? {}) as ProfileInput);
    invalidateProfile(cache);
    actions.notify(t('profileArea.edit.updated'));
    actions.goTo('profile');
    return undefined;
  });

  return (
    <form className="p-form" noValidate onSubmit={save} aria-labelledby={headingId}>
      <ErrorList errors={form.errorList} />
      {showPhoto && <PhotoField error={photoProblem} onFile={setPhoto} onError={setPhotoProblem} clearSignal={clearPhoto} />}
      <ConfiguredFields form={form} />
      {google && <p className="p-help">{t('profileArea.edit.googleEmail')}</p>}
      <div className="p-form-actions">
        <button type="submit" className="p-btn p-btn-primary" disabled={form.busy}>{t('profileArea.edit.save')}</button>
        <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('profile')}>{t('profileArea.edit.cancel')}</button>
      </div>
    </form>
  );
}
