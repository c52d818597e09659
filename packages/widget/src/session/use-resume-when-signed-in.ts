import { useEffect, type RefObject } from 'react';
import { useWidget } from '../app/context.ts';
import { useSession } from './use-session.ts';

/**
 * For the login the signed-in gate showed (nav.returnTo is set): when the person becomes signed in
 * some other way (another widget on the page, the host page's Portico.setAccessToken, another tab,
 * a demo persona picked on the page) the widget goes back to where they were going at once, without
 * moving the focus. `finishing` is true while this login finishes a sign-in itself: post-login
 * routing then decides, and ends with the same way back (signin/complete-sign-in.ts).
 */
export function useResumeWhenSignedIn(finishing: RefObject<boolean>): void {
  const { nav, actions } = useWidget();
  const { signedIn } = useSession();
  const waiting = nav.returnTo !== undefined;
  useEffect(() => {
    if (signedIn && waiting && !finishing.current) actions.resume({ quiet: true });
  }, [signedIn, waiting, actions, finishing]);
}
