import { useWidget } from '../../app/context.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../session/use-session.ts';
import { discordStatusKey, fetchDiscordStatus } from '../../signin/signin-calls.ts';

/**
 * The profile's community-server row (issue 18 discord): for people whose plan gives access, the
 * connected Discord username (or 'Not connected') and the way to discordSettings. Nothing at all for
 * others, or when the status cannot be read (the profile never fails over it).
 */
export function DiscordRow() {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const { claims } = useSession();
  const status = useApiQuery(discordStatusKey(claims), fetchDiscordStatus);
  const data = status.data;
  if (!data?.HasAccessToDiscord || (!data.CanConnect && !data.User)) return null;
  return (
    <ul className="p-groups" aria-label={t('profileArea.discordHeading')}>
      <li className="p-group">
        <div style={{ minWidth: 0 }}>
          <div className="p-group-label">{t('profileArea.discordHeading')}</div>
          <div className="p-group-value">{data.User ? t('profileArea.discordConnected', { username: data.User.Username }) : t('profileArea.discordNotConnected')}</div>
        </div>
        <button type="button" className="p-link" onClick={() => actions.goTo('discordSettings')}>
          {data.User ? t('profileArea.discordManage') : t('profileArea.discordConnect')}
        </button>
      </li>
    </ul>
  );
}
