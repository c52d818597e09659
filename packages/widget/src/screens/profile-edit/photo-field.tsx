import { useEffect, useId, useRef, useState } from 'react';
import { PROFILE_PHOTO_EXTENSIONS, PROFILE_PHOTO_MAX_BYTES } from '@portico/core/profile/profile-fields';
import type { DisplayError } from '../../components/error-list-logic.ts';
import { formatBytes, validateFile } from '../../components/file-validation.ts';
import { useErrorText } from '../../i18n/use-error-text.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

export const PHOTO_ACCEPT = [...PROFILE_PHOTO_EXTENSIONS];

/** The spec's upload error for a file: Errors.<code> with accept, filename and maxSize (spec 2 section 8). */
export function photoError(code: string, filename: string): DisplayError {
  return { code, values: { accept: PHOTO_ACCEPT.join(', '), filename, maxSize: formatBytes(PROFILE_PHOTO_MAX_BYTES) } };
}

/**
 * Profile photo input (spec 2 section 5): png or jpg, at most 2,000,000 bytes, help 'Max 2MB, png
 * or jpg'. A refused file (here by its name and size, or later by the server by its bytes) is
 * cleared, and its error replaces any earlier file error, shown as an alert beside the input.
 * A chosen file shows as a preview before it is saved (issue 15), read as a data: URL (a strict host
 * CSP allows `img-src data:` more often than `blob:`); a cleared or refused file clears it.
 */
export function PhotoField({ error, onFile, onError, clearSignal }: {
  error: DisplayError | null; onFile(file: File | null): void; onError(error: DisplayError | null): void; clearSignal: number;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText(error !== null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const reading = useRef<FileReader | null>(null);
  // The parent clears a photo the server refused: the input forgets the file too.
  useEffect(() => {
    if (clearSignal > 0 && input.current) input.current.value = '';
    if (clearSignal > 0) setPreview(null);
  }, [clearSignal]);
  useEffect(() => () => reading.current?.abort(), []);
  const showPreview = (file: File | null) => {
    reading.current?.abort();
    setPreview(null);
    if (!file) return;
    const reader = new FileReader();
    reading.current = reader;
    reader.onload = () => { if (typeof reader.result === 'string') setPreview(reader.result); };
    reader.readAsDataURL(file);
  };
  return (
    <div className="p-field">
      <label className="p-label" htmlFor={id}>{t('profileArea.edit.photoLabel')}</label>
      <div className="p-file">
        <input
          ref={input} id={id} type="file" accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            const problem = file ? validateFile(file, PHOTO_ACCEPT, PROFILE_PHOTO_MAX_BYTES) : null;
            onError(problem);
            if (problem) e.target.value = '';
            onFile(problem ? null : file);
            showPreview(problem ? null : file);
          }}
        />
      </div>
      {preview && (
        <div className="p-photo-preview">
          <img className="p-avatar" style={{ objectFit: 'cover' }} src={preview} alt={t('profileArea.edit.photoPreview')} width={52} height={52} />
          <span className="p-help" style={{ margin: 0 }}>{t('profileArea.edit.photoPreviewNote')}</span>
        </div>
      )}
      <p id={`${id}-help`} className="p-help">{t('profileArea.edit.photoHelp')}</p>
      {error && <p id={`${id}-error`} className="p-field-error" role="alert">{errorText(error)}</p>}
    </div>
  );
}
