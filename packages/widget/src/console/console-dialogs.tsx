import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiClient } from '../api/http.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { SHORTCUTS } from './shortcuts.ts';

/** A modal <dialog> (the browser traps focus and closes it on Escape), shown while mounted. */
function Modal({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current!;
    if (!d.open) d.showModal();
    return () => d.close();
  }, []);
  return (
    <dialog ref={ref} className="p-dialog c-dialog" aria-label={label} onClose={onClose} onCancel={onClose}>
      <div className="p-dialog-body p-stack">{children}</div>
    </dialog>
  );
}

/** '?': the keyboard shortcuts (shortcuts.ts), never a list of its own. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal label={t('console.shortcuts.heading')} onClose={onClose}>
      <h2 className="p-heading">{t('console.shortcuts.heading')}</h2>
      <dl className="c-keys">
        {SHORTCUTS.map((s) => (
          <div key={s.key} className="c-key-row"><dt><kbd>{s.key}</kbd></dt><dd>{t(`console.shortcuts.${s.action}`)}</dd></div>
        ))}
      </dl>
      <div className="p-actions-end"><button type="button" className="p-btn p-btn-primary" onClick={onClose}>{t('console.shortcuts.done')}</button></div>
    </Modal>
  );
}

/** The auto-reply, for operators of role admin (GET/PUT /api/v1/console/auto-reply). */
export function AutoReplyDialog({ api, onClose }: { api: ApiClient; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<{ Enabled: boolean; Text: string } | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    api.request('get', '/api/v1/console/auto-reply').then(setValue, () => setNote({ ok: false, text: t('console.autoReply.failed') }));
  }, [api, t]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!value) return;
    try {
      setValue(await api.request('put', '/api/v1/console/auto-reply', { body: value }));
      setNote({ ok: true, text: t('console.autoReply.saved') });
    } catch {
      setNote({ ok: false, text: t('console.autoReply.failed') });
    }
  };
  return (
    <Modal label={t('console.autoReply.heading')} onClose={onClose}>
      <h2 className="p-heading">{t('console.autoReply.heading')}</h2>
      {value && (
        <form className="p-stack" onSubmit={save}>
          <label className="c-check-row"><input type="checkbox" checked={value.Enabled} onChange={(e) => setValue({ ...value, Enabled: e.target.checked })} /> {t('console.autoReply.enabled')}</label>
          <div className="p-field">
            <label className="p-label" htmlFor="c-auto-text">{t('console.autoReply.text')}</label>
            <textarea id="c-auto-text" className="p-input" rows={4} maxLength={2000} value={value.Text} onChange={(e) => setValue({ ...value, Text: e.target.value })} />
          </div>
          <div className="c-dialog-actions">
            <button type="button" className="p-btn p-btn-secondary" onClick={onClose}>{t('console.autoReply.cancel')}</button>
            <button type="submit" className="p-btn p-btn-primary">{t('console.autoReply.save')}</button>
          </div>
        </form>
      )}
      {note && <p className={note.ok ? 'p-muted' : 'c-error'} role={note.ok ? 'status' : 'alert'}>{note.text}</p>}
    </Modal>
  );
}
