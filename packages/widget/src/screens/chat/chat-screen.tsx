import '../../chat/setup.ts';
import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { ErrorList } from '../../components/error-list.tsx';
import { problemErrors } from '../../api/api-problem.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { useWidget } from '../../app/context.ts';
import { chatSheetRef } from '../../chat/setup.ts';
import { chatSessionFor } from '../../chat/chat-entry.ts';
import { ChatPanel, useChatView } from '../../chat/chat-panel.tsx';
import { fetchSupportSettings, SUPPORT_SETTINGS_KEY } from '../../chat/chat-calls.ts';

const OfflinePanel = lazy(() => import('./offline-panel.tsx'));

/**
 * chat (spec 2 section 2 "Live chat panel"; issue 19): the page's chat session (chat/chat-entry.ts,
 * alive outside this screen) shown live while an operator is online (GET /support/settings
 * Chat.Online, then the hub's `presence`), else the offline panel. Opening the screen starts the chat
 * and marks it read; closing keeps the connection, and the Chat button counts what arrives.
 */
export default function ChatScreen() {
  const { runtime, settings } = useWidget();
  const session = chatSessionFor(runtime);
  const view = useChatView(session);
  const query = useApiQuery(SUPPORT_SETTINGS_KEY, fetchSupportSettings);
  const chat = query.data?.Chat;

  useEffect(() => {
    session.setPanelOpen(true);
    return () => session.setPanelOpen(false);
  }, [session]);
  useEffect(() => {
    if (chat) session.configure({ requireEmail: chat.RequireEmail });
  }, [session, chat]);

  if (!chat) return query.problem ? <ErrorList errors={problemErrors(query.problem)} /> : <Spinner />;
  if (!(view.online ?? chat.Online)) return <Suspense fallback={<Spinner />}><OfflinePanel /></Suspense>;
  return (
    <div ref={chatSheetRef}>
      <ChatPanel
        session={session} server={runtime.config.server}
        texts={{ company: settings.PaymentSettings.CompanyName, introHeading: chat.IntroHeading, introMessage: chat.IntroMessage, requireEmailMessage: chat.RequireEmailMessage }} />
    </div>
  );
}
