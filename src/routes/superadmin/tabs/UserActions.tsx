import { ASSIGNABLE_ROLES, type PlatformPerson, userActionResultSchema } from "@shared/console/users";
import { roleLabel } from "@shared/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ConfirmDialog } from "@/components/ui";
import { ApiRequestError, api } from "@/lib/api";
import { adminKeys } from "../console/api";

type Action = { path: string; method: "POST" | "PUT"; body?: unknown; done: string };

/**
 * User Oversight's actions on one account (issue 25 §6): role, deactivate or reactivate,
 * resend the verification email. The server applies the rules (the allowlist decides
 * SuperAdmin, the last Admin stays, never yourself) and audits each one.
 */
export function UserActions({ person, operatorId }: { person: PlatformPerson; operatorId: string | undefined }) {
  const queryClient = useQueryClient();
  // The app's own dialog, not the browser's confirm box (which automation dismisses unseen).
  const [confirming, setConfirming] = useState(false);
  const run = useMutation({
    mutationFn: (action: Action) =>
      api(`/api/admin/users/${encodeURIComponent(person.id)}/${action.path}`, userActionResultSchema, {
        method: action.method,
        ...(action.body === undefined ? {} : { body: action.body }),
      }),
    onSuccess: (_result, action) => {
      toast({ title: action.done, description: person.email ?? person.name });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: (error) =>
      toast({
        title: "Action failed",
        description: error instanceof ApiRequestError ? error.message : "Please try again.",
        variant: "destructive",
      }),
  });

  if (person.kind !== "account") return <span className="text-xs text-muted">—</span>;
  const active = person.status === "Active";
  const self = person.id === operatorId;
  const superAdmin = person.role === "SuperAdmin";
  return (
    <div className="flex flex-wrap items-center gap-1">
      {superAdmin ? null : (
        <select
          className="select select-xs w-auto"
          aria-label={`Role of ${person.email ?? person.name}`}
          value={person.role}
          disabled={run.isPending}
          onChange={(e) =>
            run.mutate({ path: "role", method: "PUT", body: { role: e.target.value }, done: "Role changed" })
          }
        >
          {ASSIGNABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      )}
      {self ? null : (
        <button
          type="button"
          className={`btn btn-xs ${active ? "btn-outline btn-error" : "btn-outline"}`}
          disabled={run.isPending}
          onClick={() =>
            active
              ? setConfirming(true)
              : run.mutate({ path: "reactivate", method: "POST", done: "Account reactivated" })
          }
        >
          {active ? "Deactivate" : "Reactivate"}
        </button>
      )}
      {person.emailVerified === false ? (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          disabled={run.isPending}
          onClick={() => run.mutate({ path: "resend-verification", method: "POST", done: "Verification email sent" })}
        >
          Resend verification
        </button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Deactivate account"
          message={`Deactivate ${person.email ?? person.name}? They are signed out at once.`}
          confirmLabel="Deactivate"
          busyLabel="Deactivating…"
          destructive
          busy={run.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            run.mutate(
              { path: "deactivate", method: "POST", done: "Account deactivated" },
              { onSettled: () => setConfirming(false) },
            )
          }
        />
      ) : null}
    </div>
  );
}
