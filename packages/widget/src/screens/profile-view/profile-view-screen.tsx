import './setup.ts';
import { useMemo, type ReactNode } from 'react';
import { fieldGroups, isEditableFor, isEmailEntry, profileEntries, type FieldGroup } from '@portico/core/profile/profile-fields';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { FieldGroupList, type ViewGroup } from './field-group-list.tsx';
import { fetchProfile, photoUrl, type Profile } from './profile-calls.ts';
import { useProfileKey } from './use-profile-key.ts';
import { signOut } from '../../signin/sign-out.ts';
import { SessionsSection, useSessionsQuery } from './sessions/sessions-section.tsx';
import { DiscordRow } from './discord-row.tsx';
import { EmailPreferencesEntry } from './email-preferences-entry.tsx';

/**
 * profile / profileView (spec 2 section 2): Profile photo, the configured groups (by default Name
 * and Email) and Password, each with 'Change <group>' unless all its fields are read-only; the
 * Password group opens passwordChange, the others profileEdit with that group alone (issue 15: 'Change
 * name' edits the name, the photo's link the photo). For people linked to a Google
 * login the email and the password are read-only. The data is GET /profile, cached for the
 * other profile screens.
 */
export default function ProfileViewScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const { settings, runtime, actions } = useWidget();
  const key = useProfileKey('me');
  const query = useApiQuery(key, fetchProfile);
  const sessions = useSessionsQuery();
  // The profile waits for the first sessions answer (or its failure), so everything appears at once.
  const profile = sessions.loading && !sessions.data ? undefined : query.data;
  return (
    <div>
      <ScreenHeading>{t(`states.${props.state}`)}</ScreenHeading>
      {query.problem && (
        <>
          <ErrorList errors={problemErrors(query.problem)} />
          <button type="button" className="p-btn p-btn-secondary" onClick={query.refetch}>{t('profileArea.retry')}</button>
        </>
      )}
      {!profile && (query.loading || sessions.loading) && <Spinner />}
      {profile && <ProfileGroups profile={profile} entries={settings.FieldConfiguration.Profile} />}
      {profile && <SessionsSection />}
      {profile && <DiscordRow />}
      {profile && settings.EmailLists.length > 0 && <EmailPreferencesEntry />}
      {profile && (
        <p className="p-actions-end">
          <button type="button" className="p-link" onClick={() => void signOut(runtime).then(() => actions.goTo('login'))}>{t('profileArea.logOut')}</button>
        </p>
      )}
    </div>
  );
}

/**
 * Where a group's 'Change' goes: profileEdit for its editable fields, but the email has its own
 * step (emailChange, issue 12); a group holding the email and other fields gets both links.
 */
function groupLinks(g: FieldGroup, google: boolean, changeEmail: string): ViewGroup {
  const email = g.entries.some((e) => isEmailEntry(e) && isEditableFor(e, google));
  const others = g.entries.some((e) => !isEmailEntry(e) && isEditableFor(e, google));
  const target = others ? 'profileEdit' as const : email ? 'emailChange' as const : null;
  return { name: g.name, entries: g.entries, target, ...(target === 'profileEdit' ? { params: { group: g.name } } : {}), ...(email && others ? { extra: { label: changeEmail, target: 'emailChange' as const } } : {}) };
}

function ProfileGroups({ profile, entries }: { profile: Profile; entries: Parameters<typeof profileEntries>[0] }) {
  const { t } = useTranslation();
  const { runtime } = useWidget();
  const google = Boolean(profile.OAuthGoogleProfileId);
  const configured = useMemo(() => fieldGroups(profileEntries(entries), google), [entries, google]);
  const src = photoUrl(runtime.config.server, profile.ProfileImageS3Url);
  const initials = `${profile.FirstName?.[0] ?? ''}${profile.LastName?.[0] ?? ''}`.toUpperCase() || profile.Email[0]!.toUpperCase();
  const photo: ReactNode = src
    ? <img className="p-avatar" style={{ objectFit: 'cover' }} src={src} alt={t('profileArea.photoAlt')} width={52} height={52} />
    : <span className="p-avatar" role="img" aria-label={t('profileArea.initialsAlt', { initials })}>{initials}</span>;
  const groups: ViewGroup[] = [
    { name: t('profileArea.photo'), content: photo, target: 'profileEdit', params: { photo: true } },
    ...configured.map((g) => groupLinks(g, google, t('profileArea.changeEmail'))),
    { name: t('profileArea.password'), content: google ? t('profileArea.googleManaged') : t('profileArea.passwordMask'), target: google ? null : 'passwordChange' as const },
  ];
  return <FieldGroupList groups={groups} body={{ Person: profile }} />;
}
