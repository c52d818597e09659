import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery, useQueryCache } from '../../api/use-api-query.ts';
import { ConfirmShell } from '../../components/confirm-shell.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../session/use-session.ts';
import type { ScreenProps } from '../../states.ts';
import { authorizeDiscord, disconnectDiscord, DISCORD_QUERY_PREFIX, discordStatusKey, fetchDiscordStatus } from '../../signin/signin-calls.ts';
import '../../signin/setup.ts';

/**
 * discordSettings (spec 2 "Community-server connection"; docs/community.md): connected, the Discord
 * username and 'Disconnect', which asks first through the ConfirmShell with the spec's warning
 * ('Disconnecting from Discord will kick you out of any connected servers.') and returns to the
 * unconnected view. Not connected, the authorize view: 'Join our Discord' sends the browser to
 * Discord's authorize page (the server's URL, its state bound to this session); Discord brings the
 * person back to this page through the server's callback page. Cancel returns to profile. A plan
 * without access says so; a server with no Discord application offers the invite link, if any.
 */
export default function DiscordSettingsScreen({ params }: ScreenProps<'discordSettings'>) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  const api = useApi();
  const cache = useQueryCache();
  const { claims } = useSession();
  const key = discordStatusKey(claims);
  const status = useApiQuery(key, fetchDiscordStatus);
  const data = status.data;

  const connect = useAction(async () => {
    const { Url } = await authorizeDiscord(api, window.location.href);
    window.location.assign(Url);
    // Demo mode answers this page's own address: nothing unloads, so read the status again.
    status.refetch();
  });
  const disconnect = useAction(async () => {
    await disconnectDiscord(api);
    // Every other session's cached status too; this screen's own read again (same key: a refetch).
    cache.invalidate(DISCORD_QUERY_PREFIX);
    status.refetch();
    actions.notify(t('signin.community.disconnected'));
    actions.goTo('discordSettings', {}, { replace: true });
  });

  if (params.confirm && data?.User) {
    return (
      <ConfirmShell
        heading={t('signin.community.disconnectHeading')} text={[t('signin.community.disconnectWarning')]}
        confirmLabel={t('signin.community.disconnect')} busyLabel={t('signin.community.disconnecting')} cancelLabel={t('signin.community.cancel')}
        onConfirm={() => void disconnect.run()} onCancel={() => actions.goTo('discordSettings', {}, { replace: true })}
        busy={disconnect.busy} errors={disconnect.errors} />
    );
  }

  if (!data) {
    return (
      <div className="p-stack">
        <ScreenHeading>{t('states.discordSettings')}</ScreenHeading>
        {status.problem && <ErrorList errors={problemErrors(status.problem)} />}
        {status.loading && <Spinner />}
      </div>
    );
  }

  if (data.User) {
    return (
      <div className="p-stack">
        <ScreenHeading>{t('states.discordSettings')}</ScreenHeading>
        <p className="p-lead"><strong>{t('signin.community.connectedAs', { username: data.User.Username })}</strong></p>
        <p>{t('signin.community.connectedText')}</p>
        <div className="p-form-actions">
          <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('discordSettings', { confirm: true })}>
            {t('signin.community.disconnect')}
          </button>
          <button type="button" className="p-link" onClick={() => actions.goTo('profile')}>{t('signin.community.back')}</button>
        </div>
      </div>
    );
  }

  if (!data.HasAccessToDiscord) {
    return (
      <div className="p-stack">
        <ScreenHeading>{t('states.discordSettings')}</ScreenHeading>
        <p className="p-lead">{t('signin.community.noAccess')}</p>
        <div className="p-form-actions">
          <button type="button" className="p-btn p-btn-secondary" onClick={() => actions.goTo('profile')}>{t('signin.community.back')}</button>
        </div>
      </div>
    );
  }

  // The authorize view (spec: 'Join our Discord' and a Cancel link).
  return (
    <div className="p-stack">
      <ScreenHeading>{t('signin.community.join')}</ScreenHeading>
      <ErrorList errors={connect.errors} />
      <p className="p-lead">{t('signin.community.authorizeText')}</p>
      <div className="p-form-actions">
        {data.CanConnect ? (
          <button type="button" className="p-btn p-btn-primary" aria-disabled={connect.busy || undefined} onClick={() => { if (!connect.busy) void connect.run(); }}>
            {connect.busy ? t('signin.community.connecting') : t('signin.community.join')}
          </button>
        ) : data.InviteUrl && (
          <a className="p-btn p-btn-primary" href={data.InviteUrl} target="_blank" rel="noopener noreferrer">
            {t('signin.community.join')} <span className="p-sr-only">{t('signin.community.joinNewTab')}</span>
          </a>
        )}
        <button type="button" className="p-link" onClick={() => actions.goTo('profile')}>{t('signin.community.cancel')}</button>
      </div>
    </div>
  );
}
