import { Suspense, lazy } from 'react';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { LINK_INVALID } from './email-lists-calls.ts';
import { emailListsSheetRef } from './setup.ts';

const NewLinkForm = lazy(() => import('./new-link-form.tsx'));

/** A preferences or unsubscribe link that is missing, broken or past its 90 days: said once, with the way on (a new link by mail). */
export function LinkInvalid({ heading }: { heading: string }) {
  return (
    <div ref={emailListsSheetRef} className="p-lists">
      <ScreenHeading>{heading}</ScreenHeading>
      <Suspense fallback={<><ErrorList errors={[LINK_INVALID]} /><Spinner /></>}><NewLinkForm /></Suspense>
    </div>
  );
}
