import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WidgetContext, type WidgetContextValue } from '../app/context.ts';
import { I18nProvider } from '../i18n/use-translation.ts';
import { createTranslator } from '../i18n/translator.ts';
import { ConfirmShell, type ConfirmShellProps } from './confirm-shell.tsx';

const i18n = createTranslator('en', {});

function render(props: Partial<ConfirmShellProps> = {}) {
  const ctx = { headingId: 'h1' } as WidgetContextValue;
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <WidgetContext.Provider value={ctx}>
        <ConfirmShell heading="Remove team member" text={['Remove Lee from your account?', 'They are signed out at once.']}
          confirmLabel="Remove team member" busyLabel="Removing…" cancelLabel="Cancel"
          onConfirm={() => undefined} onCancel={() => undefined} busy={false} errors={[]} {...props} />
      </WidgetContext.Provider>
    </I18nProvider>,
  );
}

const buttons = (html: string) => [...html.matchAll(/<button ([^>]*)>([^<]*)<\/button>/g)].map((m) => ({ attrs: m[1]!, label: m[2]! }));

describe('the confirm shell', () => {
  it('heading, the text, a destructive action that looks it, then the safe Cancel, which a move to the screen focuses', () => {
    const html = render();
    expect(html).toContain('<h2 id="h1" class="p-heading" tabindex="-1">Remove team member</h2>');
    expect(html).toContain('<p class="p-confirm-shell-text">Remove Lee from your account?</p><p class="p-confirm-shell-text">They are signed out at once.</p>');
    const [action, cancel] = buttons(html);
    expect(action).toMatchObject({ label: 'Remove team member' });
    expect(action!.attrs).toContain('class="p-btn p-btn-danger"');
    expect(cancel).toMatchObject({ label: 'Cancel' });
    expect(cancel!.attrs).toContain('data-portico-focus=""');
    expect(action!.attrs).not.toContain('data-portico-focus');
  });

  it('while it runs: the busy label, marked aria-disabled (still focusable); without its subject: disabled', () => {
    const [busy] = buttons(render({ busy: true }));
    expect(busy).toMatchObject({ label: 'Removing…' });
    expect(busy!.attrs).toContain('aria-disabled="true"');
    expect(buttons(render({ disabled: true }))[0]!.attrs).toContain('disabled=""');
  });

  it('not destructive: the accent\'s primary button; a problem shows in the error list', () => {
    const html = render({ destructive: false, errors: [{ code: 'Errors.Conflict', message: 'Someone changed it first.' }] });
    expect(buttons(html)[0]!.attrs).toContain('class="p-btn p-btn-primary"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Someone changed it first.');
  });

  it('a body (planCancel\'s reasons) sits between the text and the buttons; children (a prompt) after them', () => {
    const html = render({ body: <fieldset id="reasons" />, children: <section id="prompt" /> });
    const at = (needle: string) => html.indexOf(needle);
    expect(at('They are signed out at once.')).toBeLessThan(at('id="reasons"'));
    expect(at('id="reasons"')).toBeLessThan(at('p-confirm-shell-actions'));
    expect(at('p-confirm-shell-actions')).toBeLessThan(at('id="prompt"'));
  });
});
