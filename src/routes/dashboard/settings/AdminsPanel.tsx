import {
  type OrganizationAdminsResponse,
  organizationAdminsResponseSchema,
  pendingInvitationSchema,
  twoFactorRuleSchema,
} from "@shared/organization-admins";
import { formatDate } from "@shared/time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import * as z from "zod/mini";
import { useAuth } from "@/auth/AuthProvider";
import { toast } from "@/components/toast/toast-store";
import { Badge, ConfirmDialog, InputField as Field, LoadError, Panel, PanelSkeleton } from "@/components/ui";
import { ApiRequestError, api } from "@/lib/api";

const ADMINS_KEY = ["organization-admins"] as const;
const failed = (title: string) => (error: unknown) =>
  toast({
    title,
    description: error instanceof ApiRequestError ? error.message : "Please try again.",
    variant: "destructive",
  });

/** Settings → Admins (issue 25 §5): who administers the organization, invitations, the two-factor rule. */
export function AdminsPanel() {
  const client = useQueryClient();
  const { refresh } = useAuth();
  const admins = useQuery({
    queryKey: ADMINS_KEY,
    queryFn: ({ signal }) => api("/api/organization/admins", organizationAdminsResponseSchema, { signal }),
  });
  const reload = () => client.invalidateQueries({ queryKey: ADMINS_KEY });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api(`/api/organization/admins/${encodeURIComponent(id)}`, z.null(), { method: "DELETE" }),
    onSuccess: () => {
      toast({ title: "Admin removed", description: "They were signed out and no longer see this organization." });
      void reload();
    },
    onError: failed("Could not remove this Admin"),
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      api(`/api/organization/admins/invitations/${encodeURIComponent(id)}`, z.null(), { method: "DELETE" }),
    onSuccess: () => void reload(),
    onError: failed("Could not revoke the invitation"),
  });
  const rule = useMutation({
    mutationFn: (required: boolean) =>
      api("/api/organization/two-factor", twoFactorRuleSchema, {
        method: "PUT",
        body: { requireAdminTwoFactor: required },
      }),
    onSuccess: () => {
      void reload();
      void refresh().catch(() => undefined);
    },
    onError: failed("Could not change the rule"),
  });

  return (
    <Panel title="Admins" subtitle="Everyone who can see this dashboard and change its settings.">
      {admins.isError ? <LoadError message="We couldn't load the Admins." onRetry={() => admins.refetch()} /> : null}
      {admins.isPending ? <PanelSkeleton rows={2} /> : null}
      {admins.data ? (
        <div className="flex flex-col gap-5">
          <AdminList data={admins.data} onRemove={(id) => remove.mutate(id)} onRevoke={(id) => revoke.mutate(id)} />
          <InviteForm onInvited={() => void reload()} />
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="toggle toggle-primary mt-0.5"
              checked={admins.data.requireAdminTwoFactor}
              disabled={rule.isPending}
              onChange={(e) => rule.mutate(e.target.checked)}
            />
            <span>
              <span className="font-medium">Require two-factor authentication for every Admin</span>
              <span className="block text-muted">
                Admins without it are asked to set it up before they see the dashboard.
              </span>
            </span>
          </label>
        </div>
      ) : null}
    </Panel>
  );
}

export function AdminList({
  data,
  onRemove,
  onRevoke,
}: {
  data: OrganizationAdminsResponse;
  onRemove: (id: string) => void;
  onRevoke: (id: string) => void;
}) {
  const canRemove = data.admins.filter((a) => a.active).length > 1;
  // The app's own dialog, not the browser's confirm box (which automation dismisses unseen).
  const [removing, setRemoving] = useState<{ id: string; email: string } | null>(null);
  return (
    <>
      <ul className="divide-y divide-base-300" aria-label="Admins and invitations">
        {data.admins.map((admin) => (
          <li key={admin.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="truncate font-medium">
                {`${admin.firstName} ${admin.lastName}`.trim() || admin.email}
                {admin.isYou ? <span className="text-muted"> (you)</span> : null}
              </p>
              <p className="truncate text-sm text-muted">{admin.email}</p>
            </div>
            <div className="flex items-center gap-2">
              {admin.twoFactorEnabled ? <Badge variant="secondary">2FA</Badge> : null}
              {admin.active ? null : <Badge variant="destructive">Deactivated</Badge>}
              {canRemove && !admin.isYou ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-error"
                  onClick={() => setRemoving({ id: admin.id, email: admin.email })}
                >
                  Remove
                </button>
              ) : null}
            </div>
          </li>
        ))}
        {data.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{invitation.email}</p>
              <p className="text-sm text-muted">Invited, until {formatDate(invitation.expiresAt)}</p>
            </div>
            <div className="flex items-center gap-2">
              <Badge variant="outline">Pending</Badge>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRevoke(invitation.id)}>
                Revoke
              </button>
            </div>
          </li>
        ))}
      </ul>
      {removing ? (
        <ConfirmDialog
          title="Remove Admin"
          message={`Remove ${removing.email} as Admin? They will be signed out.`}
          confirmLabel="Remove"
          destructive
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            onRemove(removing.id);
            setRemoving(null);
          }}
        />
      ) : null}
    </>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (address: string) =>
      api("/api/organization/admins/invitations", pendingInvitationSchema, {
        method: "POST",
        body: { email: address },
      }),
    onSuccess: (invitation) => {
      setEmail("");
      toast({ title: "Invitation sent", description: `${invitation.email} can accept it for 7 days.` });
      onInvited();
    },
    onError: (failure) => setError(failure instanceof ApiRequestError ? failure.message : "Please try again."),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) invite.mutate(email.trim());
  };
  return (
    <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
      <div className="flex-1">
        <Field
          label="Invite an Admin by email"
          type="email"
          name="invite-email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={!email.trim() || invite.isPending}>
        Send invitation
      </button>
    </form>
  );
}
