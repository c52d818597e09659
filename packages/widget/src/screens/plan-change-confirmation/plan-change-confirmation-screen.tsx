import type { ScreenProps } from '../../states.ts';
import { useWidget } from '../../app/context.ts';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { formatAmount } from '../../components/billing/format.ts';
import { catalogFromSettings } from '../../components/billing/catalog.ts';
import { formatMediumDate } from '../../i18n/format-date.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { planChangeSheetRef } from '../plan-change/setup.ts';

/**
 * planChangeConfirmation (spec 2 section 2, issue 16): what the completed change did, in the words of
 * the sentence shown before the button: charged today (the amount, the receipt by email), changed now,
 * or scheduled for a date with nothing charged. 'Back to your plan' opens plan.
 */
export default function PlanChangeConfirmationScreen({ params }: ScreenProps<'planChangeConfirmation'>) {
  const { t, i18n } = useTranslation();
  const { settings, actions } = useWidget();
  const currency = catalogFromSettings(settings).currency;
  const plan = params.plan ?? '';
  const text = !params.plan || !params.outcome ? t('planChange.done.fallback')
    : params.outcome === 'charged' && params.amount !== undefined ? t('planChange.done.charged', { plan, amount: formatAmount(params.amount, currency, i18n.language) })
      : params.outcome === 'scheduled' && params.date ? t('planChange.done.scheduled', { plan, date: formatMediumDate(params.date, i18n.language) })
        : t('planChange.done.changed', { plan });
  return (
    <div ref={planChangeSheetRef}>
      <ScreenHeading>{t('states.planChangeConfirmation')}</ScreenHeading>
      <p className="p-lead" role="status">{text}</p>
      <div className="p-pc-actions">
        <button type="button" className="p-btn p-btn-primary" onClick={() => actions.goTo('plan')}>{t('planChange.done.back')}</button>
      </div>
    </div>
  );
}
