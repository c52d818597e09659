/**
 * One run of `work` at a time for a burst of triggers: a trigger while it runs asks for one more run
 * after it (however many came meanwhile), so the last change is always read and never read twice at once.
 * The console's live updates reload the inbox and the open conversation this way (use-console-feed.ts).
 */
export function coalesce(work: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    running = true;
    again = false;
    void work().catch(() => undefined).finally(() => {
      running = false;
      if (again) run();
    });
  };
  return () => {
    if (running) again = true;
    else run();
  };
}
