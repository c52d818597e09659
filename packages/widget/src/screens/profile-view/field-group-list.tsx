import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { fieldPathOf, getAtPath } from '@portico/core/fields/index';
import { formatMediumDate } from '../../i18n/format-date.ts';
import type { StateName, WireFieldConfigurationEntry } from '@portico/core';
import { taxIdTypesOrDefault } from '@portico/core/geo/tax-id-types';
import { useWidget } from '../../app/context.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EmailText } from '../../components/email-text.tsx';
import { displayValue, type ValueFormat } from './field-display.ts';

/**
 * Dates in medium style and phone numbers in international format (issue 15). libphonenumber-js
 * is its own chunk, loaded only when a phone number is on screen; until it arrives the number shows
 * as stored (E.164).
 */
function useValueFormat(needsPhone: boolean): ValueFormat {
  const { i18n } = useTranslation();
  const [phone, setPhone] = useState<((v: string) => string) | null>(null);
  useEffect(() => {
    if (!needsPhone || phone) return undefined;
    let live = true;
    void import('../../components/phone-display.ts').then((m) => { if (live) setPhone(() => m.phoneForDisplay); });
    return () => { live = false; };
  }, [needsPhone, phone]);
  const locale = i18n.language;
  return useMemo(() => ({ date: (v: string) => formatMediumDate(v, locale), phone: phone ?? ((v: string) => v) }), [locale, phone]);
}

export interface ViewGroup {
  name: string;
  /** Configured fields shown by label and value; or `content` for a default group (photo, password). */
  entries?: WireFieldConfigurationEntry[];
  content?: ReactNode;
  /** Where 'Change <group>' goes; null for a read-only group (no link). */
  target: StateName | null;
  /** The params of that state (profileEdit: which group it edits). */
  params?: Record<string, unknown>;
  /** A second link of the group (its email's own step when the group holds other fields too). */
  extra?: { label: string; target: StateName };
}

/** The groups of a view screen (profileView, account): label, values, and the 'Change <group>' link. */
export function FieldGroupList({ groups, body, label }: { groups: ViewGroup[]; body: Record<string, unknown>; label?: string }) {
  const { actions } = useWidget();
  const needsPhone = groups.some((g) => g.entries?.some((e) => e.Definition.ControlType === 'Tel' && typeof getAtPath(body, fieldPathOf(e.Definition)) === 'string'));
  const format = useValueFormat(needsPhone);
  return (
    <ul className="p-groups" aria-label={label}>
      {groups.map((g) => (
        <li key={g.name} className="p-group">
          <div style={{ minWidth: 0 }}>
            <div className="p-group-label">{g.name}</div>
            {g.content !== undefined && <div className="p-group-value">{g.content}</div>}
            {g.entries?.map((e) => <EntryValue key={e.Definition.Uid} entry={e} entries={g.entries!} body={body} single={g.entries!.length === 1} format={format} />)}
          </div>
          {g.extra ? (
            <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 4 }}>
              {g.target && <ChangeLink name={g.name} target={g.target} params={g.params} />}
              <button type="button" className="p-link" onClick={() => actions.goTo(g.extra!.target)}>{g.extra.label}</button>
            </span>
          ) : g.target && <ChangeLink name={g.name} target={g.target} params={g.params} />}
        </li>
      ))}
    </ul>
  );
}

function ChangeLink({ name, target, params }: { name: string; target: StateName; params?: Record<string, unknown> | undefined }) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <button type="button" className="p-link" onClick={() => actions.goTo(target, params ?? {})}>
      {t('profileArea.change', { group: name.toLowerCase() })}
    </button>
  );
}

function EntryValue({ entry, entries, body, single, format }: {
  entry: WireFieldConfigurationEntry; entries: WireFieldConfigurationEntry[]; body: Record<string, unknown>; single: boolean; format: ValueFormat;
}) {
  const { t } = useTranslation();
  const { settings } = useWidget();
  const value = displayValue(entry, body, { yes: t('profileArea.yes'), no: t('profileArea.no') }, format, taxIdTypesOrDefault(settings.TaxIdTypes));
  const other = (name: string) => entries.find((e) => e.Definition.SystemName === name)?.Definition.Label ?? name;
  let shown: ReactNode;
  if (value.kind === 'text') shown = entry.Definition.ControlType === 'Email' ? <EmailText email={value.text} /> : value.text;
  // pre-wrap keeps the two spaces of 'City, State  PostalCode'.
  else if (value.kind === 'address') shown = value.lines.map((line, i) => <span key={i} style={{ display: 'block', whiteSpace: 'pre-wrap' }}>{line}</span>);
  else if (value.kind === 'sameAs') shown = t('profileArea.sameAs', { other: other(value.label).toLowerCase() });
  else shown = <span className="p-muted">{t('profileArea.notSet')}</span>;
  return (
    <div className="p-group-value" style={{ marginTop: 4 }}>
      {!single && <span className="p-muted" style={{ fontSize: 13, fontWeight: 400, display: 'block' }}>{entry.Definition.Label}</span>}
      <span style={{ display: 'block' }}>{shown}</span>
    </div>
  );
}
