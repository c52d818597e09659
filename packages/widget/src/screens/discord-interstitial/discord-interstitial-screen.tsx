import { useState } from 'react';
import { useWidget } from '../../app/context.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useSession } from '../../session/use-session.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { redirectAfterLogin } from '../../signin/complete-sign-in.ts';
import { fetchDiscordStatus } from '../../signin/signin-calls.ts';
import '../../signin/setup.ts';

/**
 * discordInterstitial (spec 2 "Finishing login"): the community-server prompt shown before the
 * post-login redirect. 'Join our Discord' opens the company's invite link (from the status, which
 * carries it only for people with access) in a new tab; 'Not now' (or 'Continue' once the link was
 * opened) finishes the login exactly as finishLogin would have. Connecting the Discord account
 * itself (OAuth) belongs to the settings screen, not built yet.
 */
export default function DiscordInterstitialScreen() {
  const { t } = useTranslation();
  const widget = useWidget();
  const { actions } = widget;
  const { signedIn, claims } = useSession();
  // Per signed-in session (the token's claims), so another person's link is never reused.
  const key = signedIn ? `community:discord:${claims?.personUid ?? '-'}:${claims?.accountUid ?? '-'}:${claims?.sessionUid ?? '-'}` : null;
  const status = useApiQuery(key, fetchDiscordStatus);
  const inviteUrl = status.data?.InviteUrl ?? null;
  const [opened, setOpened] = useState(false);
  const goOn = () => (signedIn ? redirectAfterLogin(widget) : actions.close());
  return (
    <div className="p-stack">
      <ScreenHeading>{t('states.discordInterstitial')}</ScreenHeading>
      <p className="p-lead">{t('signin.community.text')}</p>
      <div className="p-form-actions">
        {inviteUrl && (
          <a className="p-btn p-btn-primary" href={inviteUrl} target="_blank" rel="noopener noreferrer" onClick={() => setOpened(true)}>
            {t('signin.community.join')} <span className="p-sr-only">{t('signin.community.joinNewTab')}</span>
          </a>
        )}
        <button type="button" className={`p-btn ${inviteUrl && !opened ? 'p-btn-secondary' : 'p-btn-primary'}`} onClick={goOn}>
          {opened ? t('signin.community.continue') : t('signin.community.notNow')}
        </button>
      </div>
    </div>
  );
}
