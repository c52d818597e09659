/** Loaded with the plan change screens (lazy chunks, never app.js): their strings under `planChange.*`, their sheet, and the billing pieces'. */
import { getI18n } from '../../app/i18n.ts';
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import '../../components/billing/setup.ts';
import { enPlanChange } from './en-plan-change.ts';
import planChangeCss from './plan-change.css?inline';

registerLazyStrings(getI18n(), 'planChange', enPlanChange);

/** Ref callback for a plan change screen's root: adopts its sheet in the shadow root. */
export function planChangeSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'planChange', planChangeCss);
}
