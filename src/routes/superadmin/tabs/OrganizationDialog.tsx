import {
  type AdminOrganization,
  DOMAIN_MESSAGE,
  isDomain,
  ORGANIZATION_NAME_MAX,
  organizationSchema,
} from "@shared/console/organizations";
import { ORGANIZATION_ACCESS, type OrganizationAccess, SUBSCRIPTION_TIERS } from "@shared/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { Field, Modal } from "@/components/ui";
import { api } from "@/lib/api";
import { adminKeys } from "../console/api";

/** Business Management's add and edit dialog, and what both it and delete refresh. */

export const capitalizedOption = <Value extends string>(value: Value, text: string = value) => ({
  value,
  label: `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}`,
});

/** The operator sets access; the plan's lifecycle follows the trial and Stripe. */
const ACCESS_LABEL: Record<OrganizationAccess, string> = {
  active: "Active (follows its plan)",
  inactive: "Inactive",
  suspended: "Suspended",
};

export type DialogState = { mode: "add" } | { mode: "edit"; organization: AdminOrganization } | null;

/** Spec 2 §7: creating or deleting an organization refreshes the list and the platform stats. */
export function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: adminKeys.organizations });
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
  void queryClient.invalidateQueries({ queryKey: adminKeys.users });
  void queryClient.invalidateQueries({ queryKey: adminKeys.userStats });
}

export function OrganizationDialog({ state, onClose }: { state: NonNullable<DialogState>; onClose: () => void }) {
  const editing = state.mode === "edit" ? state.organization : null;
  const [name, setName] = useState(editing?.name ?? "");
  const [domain, setDomain] = useState(editing?.domain ?? "");
  const [industry, setIndustry] = useState(editing?.industry ?? "");
  const [access, setAccess] = useState<OrganizationAccess>(editing?.access ?? "active");
  const tierLocked = editing?.tierOwnedByStripe ?? false;
  const [tier, setTier] = useState<string>(editing?.subscriptionTier ?? "basic");
  const [nameError, setNameError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const [domainError, setDomainError] = useState<string | null>(null);
  const domainInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        domain: domain.trim() || null,
        industry: industry.trim() || null,
        status: access,
        // Stripe owns a live subscription's tier: it is not sent, so it cannot be changed here.
        ...(tierLocked ? {} : { subscriptionTier: tier }),
      };
      return editing
        ? api(`/api/admin/organizations/${encodeURIComponent(editing.id)}`, organizationSchema, {
            method: "PATCH",
            body,
          })
        : api("/api/admin/organizations", organizationSchema, { method: "POST", body });
    },
    onSuccess: (organization) => {
      toast(
        editing
          ? { title: "Organization updated", description: "The organization has been updated successfully." }
          : { title: "Organization created", description: "The organization has been created successfully." },
      );
      refreshAfterChange(queryClient);
      void queryClient.invalidateQueries({ queryKey: adminKeys.organization(organization.id) });
      onClose();
    },
    onError: () =>
      toast({
        title: "Error",
        description: `Failed to ${editing ? "update" : "create"} organization. Please try again.`,
        variant: "destructive",
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError("Organization name is required");
      nameInput.current?.focus();
      return;
    }
    // The server refuses the same (organizationInputSchema); said here before a round trip.
    if (domain.trim() && !isDomain(domain.trim())) {
      setDomainError(DOMAIN_MESSAGE);
      domainInput.current?.focus();
      return;
    }
    save.mutate();
  };

  return (
    <Modal
      title={editing ? "Edit Organization" : "Add Organization"}
      description={editing ? `Changes apply to ${editing.name} at once.` : "Create an organization on the platform."}
      onClose={onClose}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <fieldset disabled={save.isPending} className="grid gap-4">
          <Field label="Company name" error={nameError}>
            {(control) => (
              <input
                {...control}
                ref={nameInput}
                className={`input w-full ${nameError ? "input-error" : ""}`}
                value={name}
                maxLength={ORGANIZATION_NAME_MAX}
                onChange={(e) => {
                  setName(e.target.value);
                  setNameError(null);
                }}
                required
              />
            )}
          </Field>
          <Field label="Domain" optional error={domainError}>
            {(control) => (
              <input
                {...control}
                ref={domainInput}
                className={`input w-full ${domainError ? "input-error" : ""}`}
                value={domain}
                placeholder="company.com"
                maxLength={253}
                onChange={(e) => {
                  setDomain(e.target.value);
                  setDomainError(null);
                }}
              />
            )}
          </Field>
          <Field label="Industry" optional>
            {(control) => (
              <input
                {...control}
                className="input w-full"
                value={industry}
                maxLength={100}
                onChange={(e) => setIndustry(e.target.value)}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="grid gap-1">
              <span className="text-sm font-medium">Access</span>
              <select
                className="select w-full"
                value={access}
                onChange={(e) => setAccess(e.target.value as OrganizationAccess)}
                aria-describedby="organization-access-hint"
              >
                {ORGANIZATION_ACCESS.map((value) => (
                  <option key={value} value={value}>
                    {ACCESS_LABEL[value]}
                  </option>
                ))}
              </select>
              <span id="organization-access-hint" className="text-xs text-muted">
                {editing
                  ? "Its plan's status follows its trial and Stripe; suspending closes it whatever the plan."
                  : "A new organization starts its 14-day free trial now."}
              </span>
            </label>
            <label className="grid gap-1">
              <span className="text-sm font-medium">Subscription tier</span>
              <select
                className="select w-full"
                value={tier}
                onChange={(e) => setTier(e.target.value)}
                disabled={tierLocked}
                aria-describedby="organization-tier-hint"
              >
                {SUBSCRIPTION_TIERS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
              {tierLocked ? (
                <span id="organization-tier-hint" className="text-xs text-muted">
                  Set by its Stripe subscription.
                </span>
              ) : null}
            </label>
          </div>
        </fieldset>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
            {save.isPending ? "Saving..." : editing ? "Save Changes" : "Create Organization"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
