import type { ReactNode } from 'react';
import type { StateName, WireFieldConfigurationEntry } from '@portico/core';
import { taxIdTypesOrDefault } from '@portico/core/geo/tax-id-types';
import { useWidget } from '../../app/context.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { displayValue } from './field-display.ts';

export interface ViewGroup {
  name: string;
  /** Configured fields shown by label and value; or `content` for a default group (photo, password). */
  entries?: WireFieldConfigurationEntry[];
  content?: ReactNode;
  /** Where 'Change <group>' goes; null for a read-only group (no link). */
  target: StateName | null;
  /** A second link of the group (its email's own step when the group holds other fields too). */
  extra?: { label: string; target: StateName };
}

/** The groups of a view screen (profileView, account): label, values, and the 'Change <group>' link. */
export function FieldGroupList({ groups, body, label }: { groups: ViewGroup[]; body: Record<string, unknown>; label?: string }) {
  const { actions } = useWidget();
  return (
    <ul className="p-groups" aria-label={label}>
      {groups.map((g) => (
        <li key={g.name} className="p-group">
          <div style={{ minWidth: 0 }}>
            <div className="p-group-label">{g.name}</div>
            {g.content !== undefined && <div className="p-group-value">{g.content}</div>}
            {g.entries?.map((e) => <EntryValue key={e.Definition.Uid} entry={e} entries={g.entries!} body={body} single={g.entries!.length === 1} />)}
          </div>
          {g.extra ? (
            <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 4 }}>
              {g.target && <ChangeLink name={g.name} target={g.target} />}
              <button type="button" className="p-link" onClick={() => actions.goTo(g.extra!.target)}>{g.extra.label}</button>
            </span>
          ) : g.target && <ChangeLink name={g.name} target={g.target} />}
        </li>
      ))}
    </ul>
  );
}

function ChangeLink({ name, target }: { name: string; target: StateName }) {
  const { t } = useTranslation();
  const { actions } = useWidget();
  return (
    <button type="button" className="p-link" onClick={() => actions.goTo(target)}>
      {t('profileArea.change', { group: name.toLowerCase() })}
    </button>
  );
}

function EntryValue({ entry, entries, body, single }: { entry: WireFieldConfigurationEntry; entries: WireFieldConfigurationEntry[]; body: Record<string, unknown>; single: boolean }) {
  const { t } = useTranslation();
  const { settings } = useWidget();
  const value = displayValue(entry, body, { yes: t('profileArea.yes'), no: t('profileArea.no') }, taxIdTypesOrDefault(settings.TaxIdTypes));
  const other = (name: string) => entries.find((e) => e.Definition.SystemName === name)?.Definition.Label ?? name;
  let shown: ReactNode;
  if (value.kind === 'text') shown = value.text;
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
