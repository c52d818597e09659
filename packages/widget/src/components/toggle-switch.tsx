import { useId } from 'react';
import { addLazySheet } from '../app/styles/stylesheets.ts';
import switchCss from './toggle-switch.css?inline';

/** Gives the switch's shadow root its stylesheet (with the switch's chunk, not app.js: few screens show one). */
function switchSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'toggle-switch', switchCss);
}

/** A 40x20 px toggle switch (role=switch) labelled by its visible text. */
export function ToggleSwitch(props: { label: string; checked: boolean; disabled?: boolean; description?: string; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div ref={switchSheetRef} className="p-toggle-row">
      <div>
        <label className="p-label" htmlFor={id}>{props.label}</label>
        {props.description && <p id={`${id}-desc`} className="p-help">{props.description}</p>}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        className="p-switch"
        aria-checked={props.checked}
        aria-describedby={props.description ? `${id}-desc` : undefined}
        disabled={props.disabled}
        onClick={() => props.onChange(!props.checked)}
      />
    </div>
  );
}
