import { type FormEvent, useState } from "react";

/**
 * A form whose submit calls the server: `busy` while the call runs (its button is disabled on
 * it, so a second press cannot send it twice), and `onSubmit(ready, work)`, the form's handler,
 * which runs `work` only when the form is `ready` (its fields filled) and nothing is running.
 * `work` says its own errors (the form's error line); the flag drops however it ends.
 */
export function useBusySubmit() {
  const [busy, setBusy] = useState(false);
  const onSubmit = (ready: boolean, work: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return { busy, onSubmit };
}
