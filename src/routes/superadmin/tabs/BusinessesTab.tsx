import { DEFAULT_PAGE_SIZE, okSchema } from "@shared/console/common";
import { type AdminOrganization, ORGANIZATION_NAME_MAX, organizationSchema } from "@shared/console/organizations";
import { ORGANIZATION_STATUSES, roleLabel, SUBSCRIPTION_TIERS } from "@shared/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/lib/api";
import { adminKeys, useOrganizationDetail, useOrganizations } from "../console/api";
import { formatDate, formatDateTime, usd } from "../console/display";
import { ConsoleIcon } from "../console/icons";
import {
  Badge,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorCard,
  FilterSelect,
  ListSkeleton,
  Modal,
  organizationStatusVariant,
  PagedCardBody,
  SearchInput,
  TabHeader,
  useDebounced,
  usePage,
} from "../console/ui";

const capitalizedOption = <Value extends string>(value: Value) => ({
  value,
  label: `${value[0]?.toUpperCase() ?? ""}${value.slice(1)}`,
});

type DialogState = { mode: "add" } | { mode: "edit"; organization: AdminOrganization } | null;

/** Spec 2 §2 Business Management: organizations with search, filters, create, edit, view, delete. */
export function BusinessesTab() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [tier, setTier] = useState("");
  const { page, setPage, filtering } = usePage();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminOrganization | null>(null);
  const debouncedSearch = useDebounced(search.trim());
  const filtersActive = debouncedSearch !== "" || status !== "" || tier !== "";
  const list = useOrganizations({ search: debouncedSearch, status, tier, page, pageSize: DEFAULT_PAGE_SIZE });
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/organizations/${encodeURIComponent(id)}`, okSchema, { method: "DELETE" }),
    onSuccess: () => {
      toast({ title: "Organization deleted", description: "The organization has been deleted successfully." });
      setDeleting(null);
      refreshAfterChange(queryClient);
    },
    onError: () =>
      toast({
        title: "Error",
        description: "Failed to delete organization. Please try again.",
        variant: "destructive",
      }),
  });

  return (
    <div className="space-y-6">
      <TabHeader
        title="Business Management"
        description="Every organization on the platform: create, edit, inspect and remove."
        actions={
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog({ mode: "add" })}>
            <ConsoleIcon name="plus" className="size-4" />
            Add Organization
          </button>
        }
      />

      <Card bodyClassName="flex flex-col gap-3 p-4 md:flex-row md:items-center">
        <SearchInput
          value={search}
          onChange={filtering(setSearch)}
          placeholder="Search company name or domain…"
          label="Search organizations"
        />
        <FilterSelect
          className="w-full md:w-44"
          label="Filter by status"
          value={status}
          onChange={filtering(setStatus)}
          allLabel="All statuses"
          options={ORGANIZATION_STATUSES.map(capitalizedOption)}
        />
        <FilterSelect
          className="w-full md:w-44"
          label="Filter by plan"
          value={tier}
          onChange={filtering(setTier)}
          allLabel="All plans"
          options={SUBSCRIPTION_TIERS.map(capitalizedOption)}
        />
        {filtersActive ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setSearch("");
              setStatus("");
              setTier("");
              setPage(1);
            }}
          >
            Clear filters
          </button>
        ) : null}
      </Card>

      <Card
        title={
          <span className="flex items-center gap-2">
            Organizations ({list.data?.total ?? 0})<Badge variant="muted">{list.data?.grandTotal ?? 0} total</Badge>
          </span>
        }
        bodyClassName=""
      >
        <PagedCardBody
          query={list}
          loading={<ListSkeleton rows={6} label="Loading organizations" />}
          error={(message) => ({ title: "Could not load organizations", message })}
          empty={
            <EmptyState
              icon="building"
              title="No organizations found"
              hint={
                filtersActive ? "Try adjusting your search criteria" : "Create your first organization to get started"
              }
              action={
                filtersActive ? null : (
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog({ mode: "add" })}>
                    <ConsoleIcon name="plus" className="size-4" />
                    Add Organization
                  </button>
                )
              }
            />
          }
          pagination={{ page, onPage: setPage, label: "organizations" }}
        >
          {(data) => (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th>Company</th>
                    <th>Industry</th>
                    <th>Status</th>
                    <th>Plan</th>
                    <th className="text-right">Users</th>
                    <th className="text-right" title="Check-ins completed in the last 30 days">
                      Activity
                    </th>
                    <th>Created</th>
                    <th className="text-right">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((org) => (
                    <tr key={org.id} className="hover:bg-base-200/60" data-testid="organization-row">
                      <td className="min-w-48">
                        <p className="font-medium">{org.name}</p>
                        <p className="text-xs text-base-content/60">{org.domain ?? "No domain set"}</p>
                      </td>
                      <td className={org.industry ? "" : "text-base-content/50"}>{org.industry ?? "Not specified"}</td>
                      <td>
                        <Badge variant={organizationStatusVariant(org.status)}>{org.status}</Badge>
                      </td>
                      <td className="capitalize">{org.subscriptionTier}</td>
                      <td className="text-right tabular-nums" data-testid="organization-users">
                        {org.userCount}
                      </td>
                      <td className="text-right tabular-nums" title="Check-ins completed in the last 30 days">
                        {org.activityCount}
                      </td>
                      <td className="whitespace-nowrap">{formatDate(org.createdAt)}</td>
                      <td>
                        <div className="flex justify-end gap-1">
                          <button
                            type="button"
                            className="btn btn-ghost btn-xs"
                            onClick={() => setDialog({ mode: "edit", organization: org })}
                            aria-label={`Edit ${org.name}`}
                          >
                            <ConsoleIcon name="pencil" className="size-4" />
                            <span className="hidden xl:inline">Edit</span>
                          </button>
                          <button
                            type="button"
                            className="btn btn-ghost btn-xs"
                            onClick={() => setViewing(org.id)}
                            aria-label={`View details of ${org.name}`}
                          >
                            <ConsoleIcon name="eye" className="size-4" />
                            <span className="hidden xl:inline">View Details</span>
                          </button>
                          <button
                            type="button"
                            className="btn btn-ghost btn-xs text-error"
                            onClick={() => setDeleting(org)}
                            aria-label={`Delete ${org.name}`}
                          >
                            <ConsoleIcon name="trash" className="size-4" />
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedCardBody>
      </Card>

      {dialog ? <OrganizationDialog state={dialog} onClose={() => setDialog(null)} /> : null}
      {viewing ? <OrganizationDetailsDialog id={viewing} onClose={() => setViewing(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete organization?"
          message={
            <>
              <p>
                <strong>{deleting.name}</strong> and everything in it — its team, check-ins, scores and alerts — will be
                removed permanently.
              </p>
              <p className="mt-2">Its accounts stay, without an organization. This cannot be undone.</p>
            </>
          }
          confirmLabel="Delete organization"
          busyLabel="Deleting..."
          destructive
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id)}
        />
      ) : null}
    </div>
  );
}

/** Spec 2 §7: creating or deleting an organization refreshes the list and the platform stats. */
function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: adminKeys.organizations });
  void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
  void queryClient.invalidateQueries({ queryKey: adminKeys.users });
  void queryClient.invalidateQueries({ queryKey: adminKeys.userStats });
}

function OrganizationDialog({ state, onClose }: { state: NonNullable<DialogState>; onClose: () => void }) {
  const editing = state.mode === "edit" ? state.organization : null;
  const [name, setName] = useState(editing?.name ?? "");
  const [domain, setDomain] = useState(editing?.domain ?? "");
  const [industry, setIndustry] = useState(editing?.industry ?? "");
  const [status, setStatus] = useState<string>(editing?.status ?? "active");
  const [tier, setTier] = useState<string>(editing?.subscriptionTier ?? "basic");
  const [nameError, setNameError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: name.trim(),
        domain: domain.trim() || null,
        industry: industry.trim() || null,
        status,
        subscriptionTier: tier,
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
          <label className="grid gap-1">
            <span className="text-sm font-medium">Company name</span>
            <input
              className={`input w-full ${nameError ? "input-error" : ""}`}
              value={name}
              maxLength={ORGANIZATION_NAME_MAX}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
              required
              aria-invalid={nameError ? true : undefined}
            />
            {nameError ? <span className="text-sm text-error">{nameError}</span> : null}
          </label>
          <label className="grid gap-1">
            <span className="text-sm font-medium">
              Domain <span className="font-normal text-base-content/60">(optional)</span>
            </span>
            <input
              className="input w-full"
              value={domain}
              placeholder="company.com"
              maxLength={253}
              onChange={(e) => setDomain(e.target.value)}
            />
          </label>
          <label className="grid gap-1">
            <span className="text-sm font-medium">
              Industry <span className="font-normal text-base-content/60">(optional)</span>
            </span>
            <input
              className="input w-full"
              value={industry}
              maxLength={100}
              onChange={(e) => setIndustry(e.target.value)}
            />
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="grid gap-1">
              <span className="text-sm font-medium">Status</span>
              <select className="select w-full" value={status} onChange={(e) => setStatus(e.target.value)}>
                {ORGANIZATION_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1">
              <span className="text-sm font-medium">Subscription tier</span>
              <select className="select w-full" value={tier} onChange={(e) => setTier(e.target.value)}>
                {SUBSCRIPTION_TIERS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
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

export function OrganizationDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useOrganizationDetail(id);
  const data = detail.data;
  return (
    <Modal
      title={data?.organization.name ?? "Organization"}
      description={data?.organization.domain ?? undefined}
      onClose={onClose}
      size="lg"
    >
      {detail.isPending ? (
        <ListSkeleton rows={4} label="Loading organization" />
      ) : detail.isError ? (
        <ErrorCard
          title="Could not load the organization"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
        />
      ) : data ? (
        <div className="space-y-5">
          <div className="flex flex-wrap gap-2">
            <Badge variant={organizationStatusVariant(data.organization.status)}>{data.organization.status}</Badge>
            <Badge variant="outline">{data.organization.subscriptionTier}</Badge>
            <Badge variant="muted">{data.organization.industry ?? "Industry not specified"}</Badge>
          </div>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ["Users", data.organization.userCount],
              ["Active salespeople", data.teamMembers.active],
              ["Check-ins (30 days)", data.organization.activityCount],
              ["Open alerts", data.openAlerts],
              ["Check-ins completed", data.checkIns.completed],
              ["Pending check-ins", data.checkIns.pending],
              ["Inactive salespeople", data.teamMembers.inactive],
              ["Created", formatDate(data.organization.createdAt)],
            ].map(([label, value]) => (
              <div key={String(label)} className="rounded-field bg-base-200 p-3">
                <dt className="text-xs text-base-content/60">{label}</dt>
                <dd className="mt-0.5 font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="text-sm font-semibold">Billing</h3>
              <p className="mt-1 text-sm text-base-content/70">
                {data.subscription
                  ? `Subscription ${data.subscription.status} · ${data.subscription.salespersonCount} billable · ${usd(data.subscription.monthlyCost)}/month`
                  : data.trial
                    ? `Free trial (${data.trial.status}) until ${formatDate(data.trial.endsAt)}`
                    : "No subscription or trial"}
              </p>
            </div>
            <div>
              <h3 className="text-sm font-semibold">Last check-in</h3>
              <p className="mt-1 text-sm text-base-content/70">
                {data.checkIns.lastCompletedAt ? formatDateTime(data.checkIns.lastCompletedAt) : "None completed yet"}
              </p>
            </div>
          </div>
          <div>
            <h3 className="text-sm font-semibold">Accounts</h3>
            {data.accounts.length === 0 ? (
              <p className="mt-1 text-sm text-base-content/70">No sign-in accounts belong to this organization.</p>
            ) : (
              <ul className="mt-2 divide-y divide-base-300 rounded-field border border-base-300">
                {data.accounts.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-medium">{a.name}</span>
                      <span className="block truncate text-base-content/60">{a.email}</span>
                    </span>
                    <Badge variant="outline">{roleLabel(a.role)}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
