const loading = new Map<string, Promise<void>>();

/**
 * Loads a third party's script once per page (Google Identity Services, reCAPTCHA, Turnstile), only
 * when a widget that needs it is shown. A failed load is forgotten, so showing the widget again retries.
 * The host page's CSP must allow the script's origin; the rejection says which one was refused.
 */
export function loadScript(src: string): Promise<void> {
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Failed to load ${new URL(src).origin}`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, pending);
  }
  return pending;
}
