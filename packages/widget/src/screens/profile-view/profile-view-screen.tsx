import { useTranslation } from '../../i18n/use-translation.ts';
import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { useDemoPersona } from '../../app/hooks.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import NotAvailableScreen from '../not-available/not-available-screen.tsx';
import type { StateName } from '@portico/core';
import type { ReactNode } from 'react';

interface Group {
  key: 'photo' | 'name' | 'email' | 'password';
  value: ReactNode;
  /** Where 'Change <group>' goes; none when the group is read-only. */
  target: StateName | null;
}

/**
 * profileView (spec 2 section 2): the default groups Profile photo, Name,
 * Email and Password, each with 'Change <group>' unless read-only. People
 * with a Google login cannot change email or password. Demo mode shows the
 * demo persona; with a server it needs the profile API (not built yet).
 */
export default function ProfileViewScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const { demo, actions } = useWidget();
  const persona = useDemoPersona();

  if (!demo) return <NotAvailableScreen {...props} />;

  const person = persona?.person;
  if (!persona?.signedIn || !person) {
    return (
      <div className="p-center">
        <ScreenHeading>{t('states.profileView')}</ScreenHeading>
        <p className="p-muted" style={{ marginBottom: 20 }}>{t('profileView.signedOut')}</p>
        <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('login')}>
          {t('profileView.logIn')}
        </button>
      </div>
    );
  }

  const google = Boolean(person.OAuthGoogleProfileId);
  const initials = `${person.FirstName[0] ?? ''}${person.LastName[0] ?? ''}`.toUpperCase();
  const groups: Group[] = [
    {
      key: 'photo',
      value: (
        <span className="p-avatar" role="img" aria-label={t('profileView.photoAlt', { initials })}>
          {initials}
        </span>
      ),
      target: 'profileEdit',
    },
    { key: 'name', value: `${person.FirstName} ${person.LastName}`, target: 'profileEdit' },
    { key: 'email', value: person.Email, target: google ? null : 'profileEdit' },
    { key: 'password', value: google ? t('profileView.googleManaged') : t('profileView.passwordMask'), target: google ? null : 'passwordChange' },
  ];

  return (
    <div>
      <ScreenHeading>{t('states.profileView')}</ScreenHeading>
      {persona.account && <p className="p-lead">{persona.account.Name}</p>}
      <ul className="p-groups">
        {groups.map((g) => {
          const label = t(`profileView.${g.key}`);
          return (
            <li key={g.key} className="p-group">
              <div>
                <div className="p-group-label">{label}</div>
                <div className="p-group-value">{g.value}</div>
              </div>
              {g.target && (
                <button type="button" className="p-link" onClick={() => actions.goTo(g.target!)}>
                  {t('profileView.change', { group: label.toLowerCase() })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
