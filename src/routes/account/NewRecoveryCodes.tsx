import { recoveryCodesLeftResponseSchema } from "@shared/auth";
import { plural } from "@shared/plural";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { newRecoveryCodes } from "@/auth/auth-api";
import { passwordCheckErrorMessage } from "@/auth/messages";
import { InputField as Field } from "@/components/ui";
import { useBusySubmit } from "@/components/useBusySubmit";
import { api } from "@/lib/api";
import { RecoveryCodes } from "./TwoFactorParts";
import { usePasswordCheck } from "./usePasswordCheck";

const LEFT_KEY = ["recovery-codes-left"] as const;
/** At or below this many, the count turns into a warning: the next lost phone could lock them out. */
const FEW_LEFT = 2;

/** "3 recovery codes left." — and, when few or none are left, what to do about it. */
export function recoveryCodesLeftText(left: number): { text: string; warn: boolean } {
  const count = `${left} recovery ${plural(left, "code")} left.`;
  if (left === 0) return { text: `${count} Make new ones so you can still sign in without your phone.`, warn: true };
  if (left <= FEW_LEFT) return { text: `${count} Make new ones before they run out.`, warn: true };
  return { text: count, warn: false };
}

function LeftCount() {
  const left = useQuery({
    queryKey: LEFT_KEY,
    queryFn: ({ signal }) => api("/api/me/recovery-codes", recoveryCodesLeftResponseSchema, { signal }),
    // A code used at a sign-in elsewhere changes it: read it again whenever the panel shows.
    refetchOnMount: "always",
  });
  if (left.isPending) return <p className="text-sm text-soft">Counting your recovery codes…</p>;
  if (left.isError) return <p className="text-sm text-soft">Could not count your recovery codes.</p>;
  const { text, warn } = recoveryCodesLeftText(left.data.left);
  return (
    <p className={warn ? "alert alert-warning alert-soft text-sm" : "text-sm text-soft"} data-testid="recovery-left">
      {text}
    </p>
  );
}

/**
 * Two factors on: how many recovery codes are left, and new ones for the password. Allowed
 * where two factors are required too (new codes never turn them off). The new codes are
 * shown once, like the first ones.
 */
export function NewRecoveryCodes() {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const check = usePasswordCheck();
  const { busy, onSubmit } = useBusySubmit();
  const [codes, setCodes] = useState<string[] | null>(null);

  const make = onSubmit(Boolean(check.password), async () => {
    const result = await newRecoveryCodes(check.password);
    if (!result.ok) return check.setError(passwordCheckErrorMessage(result.error));
    check.reset();
    setAsking(false);
    setCodes(result.data);
    void client.invalidateQueries({ queryKey: LEFT_KEY });
  });

  if (codes) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          Your new recovery codes. Save them somewhere safe: they are shown only now, and your old codes no longer work.
        </p>
        <RecoveryCodes codes={codes} />
        <button type="button" className="btn btn-primary self-start" onClick={() => setCodes(null)}>
          I've saved them
        </button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3 sm:max-w-sm">
      <LeftCount />
      {asking ? (
        <form className="flex flex-col gap-3" onSubmit={make} noValidate>
          <Field label="Password for new recovery codes" name="password" {...check.field} />
          <p className="text-sm text-soft">Your old codes will stop working.</p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={!check.password || busy}>
              {busy ? <span className="loading loading-spinner loading-sm" /> : null}
              Make new codes
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setAsking(false);
                check.reset();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-outline self-start" onClick={() => setAsking(true)}>
          New recovery codes
        </button>
      )}
    </div>
  );
}
