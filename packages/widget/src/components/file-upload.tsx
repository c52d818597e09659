import { useId, useState } from 'react';
import { useErrorText } from '../i18n/use-error-text.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { DEFAULT_FILE_ACCEPT, DEFAULT_FILE_MAX_BYTES, formatBytes, validateFile } from './file-validation.ts';
import type { DisplayError } from './error-list-logic.ts';

export interface FileUploadProps {
  label: string;
  accept?: string[];
  maxBytes?: number;
  /** A valid file, or null when the choice was rejected or cleared. */
  onFile(file: File | null): void;
  /**
   * Each new file error replaces the previous one (codes starting Errors.File).
   * With onError the parent shows it (usually in its ErrorList); without, it shows inline.
   */
  onError?(error: DisplayError | null): void;
}

export function FileUpload({ label, accept = DEFAULT_FILE_ACCEPT, maxBytes = DEFAULT_FILE_MAX_BYTES, onFile, onError }: FileUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<DisplayError | null>(null);
  const errorText = useErrorText(error !== null && !onError);

  return (
    <div className="p-field">
      <label className="p-label" htmlFor={id}>{label}</label>
      <div className="p-file">
        <input
          id={id}
          type="file"
          accept={accept.map((a) => `.${a.replace(/^\./, '')}`).join(',')}
          aria-describedby={`${id}-help${error && !onError ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            const problem = file ? validateFile(file, accept, maxBytes) : null;
            setError(problem); // replaces any previous file error
            onError?.(problem);
            if (problem) e.target.value = '';
            onFile(problem ? null : file);
          }}
        />
      </div>
      <p id={`${id}-help`} className="p-help">
        {t('controls.fileHelp', { size: formatBytes(maxBytes), types: accept.join(', ') })}
      </p>
      {error && !onError && (
        <p id={`${id}-error`} className="p-field-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
