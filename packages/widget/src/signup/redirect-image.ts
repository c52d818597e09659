/**
 * The profile image picked on register must outlive a payment redirect (the page reloads, and a
 * File cannot go into the JSON flow draft). It is kept as a data URL under its own
 * sessionStorage key, beside the draft, so a full quota loses the image and never the draft.
 * Sizes are bounded by the field (1,048,576 bytes, about 1.4 MB as a data URL).
 */
const KEY = 'portico.signup.profileImage';

interface Stored { name: string; type: string; dataUrl: string }

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const asDataUrl = (file: File) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error ?? new Error('read failed'));
  reader.readAsDataURL(file);
});

/** Before the payment step: keep the image (or forget an earlier one). Never throws. */
export async function keepImageForRedirect(file: File | null): Promise<void> {
  const s = storage();
  if (!s) return;
  try {
    if (!file) return s.removeItem(KEY);
    s.setItem(KEY, JSON.stringify({ name: file.name, type: file.type, dataUrl: await asDataUrl(file) } satisfies Stored));
  } catch {
    // Quota or blocked storage: the sign-up goes on without the image after a redirect.
  }
}

/** After the redirect: the image as a File again, removed from storage; null when none was kept. */
export async function takeImageAfterRedirect(): Promise<File | null> {
  const s = storage();
  try {
    const raw = s?.getItem(KEY);
    s?.removeItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.dataUrl !== 'string' || !stored.dataUrl.startsWith('data:image/')) return null;
    // Decoded by hand: fetch(data:) is a connection a strict host CSP (connect-src) refuses.
    const comma = stored.dataUrl.indexOf(',');
    const bytes = Uint8Array.from(atob(stored.dataUrl.slice(comma + 1)), (c) => c.charCodeAt(0));
    const type = typeof stored.type === 'string' ? stored.type : 'application/octet-stream';
    return new File([bytes], typeof stored.name === 'string' ? stored.name : 'profile-image', { type });
  } catch {
    return null;
  }
}

export function forgetKeptImage(): void {
  try {
    storage()?.removeItem(KEY);
  } catch { /* nothing kept */ }
}
