import { DEFAULT_PAGE_SIZE } from "@shared/console/common";
import { type AdminOrganization, organizationDeletedSchema } from "@shared/console/organizations";
import { ORGANIZATION_STATUSES, SUBSCRIPTION_TIERS } from "@shared/domain";
import { formatDate } from "@shared/time";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import {
  Badge,
  Card,
  ConfirmDialog,
  ConsoleIcon,
  DataTable,
  EmptyState,
  FilterSelect,
  ListSkeleton,
  organizationStatusLabel,
  organizationStatusVariant,
  PagedCardBody,
  SearchInput,
  TabHeader,
  useDebounced,
  usePage,
} from "@/components/ui";
import { ApiRequestError, api } from "@/lib/api";
import { useOrganizationDetail, useOrganizations } from "../console/api";
import { usd } from "../console/display";
import { OrganizationDetailsDialog } from "./OrganizationDetailsDialog";
import { capitalizedOption, type DialogState, OrganizationDialog, refreshAfterChange } from "./OrganizationDialog";

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
      api(`/api/admin/organizations/${encodeURIComponent(id)}`, organizationDeletedSchema, { method: "DELETE" }),
    onSuccess: (result) => {
      toast({
        title: "Organization deleted",
        description: result.stripeSubscriptionCancelled
          ? "The organization has been deleted successfully. Its Stripe subscription was cancelled first."
          : "The organization has been deleted successfully.",
      });
      setDeleting(null);
      refreshAfterChange(queryClient);
    },
    onError: (error) =>
      toast({
        title: "Error",
        // Stripe's refusal says why nothing was deleted; anything else is the spec's text.
        description:
          error instanceof ApiRequestError && error.code.startsWith("stripe_")
            ? error.message
            : "Failed to delete organization. Please try again.",
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
          options={ORGANIZATION_STATUSES.map((value) => capitalizedOption(value, organizationStatusLabel(value)))}
        />
        <FilterSelect
          className="w-full md:w-44"
          label="Filter by plan"
          value={tier}
          onChange={filtering(setTier)}
          allLabel="All plans"
          options={SUBSCRIPTION_TIERS.map((value) => capitalizedOption(value))}
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
            <DataTable
              label="Organizations"
              columns={[
                { label: "Company" },
                { label: "Industry" },
                { label: "Status" },
                { label: "Plan" },
                { label: "Users", numeric: true },
                { label: "Activity", numeric: true, title: "Check-ins completed in the last 30 days" },
                { label: "Created" },
                { label: "Actions", numeric: true },
              ]}
            >
              {data.items.map((org) => (
                <tr key={org.id} className="hover:bg-base-200/60" data-testid="organization-row">
                  <td className="min-w-48">
                    <p className="font-medium">{org.name}</p>
                    <p className="text-xs text-muted">{org.domain ?? "No domain set"}</p>
                  </td>
                  <td className={org.industry ? "" : "text-muted"}>{org.industry ?? "Not specified"}</td>
                  <td>
                    <Badge variant={organizationStatusVariant(org.status)}>{organizationStatusLabel(org.status)}</Badge>
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
            </DataTable>
          )}
        </PagedCardBody>
      </Card>

      {dialog ? <OrganizationDialog state={dialog} onClose={() => setDialog(null)} /> : null}
      {viewing ? <OrganizationDetailsDialog id={viewing} onClose={() => setViewing(null)} /> : null}
      {deleting ? (
        <DeleteOrganizationDialog
          organization={deleting}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id)}
        />
      ) : null}
    </div>
  );
}

/**
 * Issue 25 §1: a Pro organization's Stripe subscription is cancelled before it is deleted, and
 * the confirmation says so (read from its details, opened with the dialog).
 */
function DeleteOrganizationDialog({
  organization,
  busy,
  onCancel,
  onConfirm,
}: {
  organization: AdminOrganization;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const detail = useOrganizationDetail(organization.id);
  const subscription = detail.data?.subscription;
  return (
    <ConfirmDialog
      title="Delete organization?"
      message={
        <>
          <p>
            <strong>{organization.name}</strong> and everything in it — its team, check-ins, scores and alerts — will be
            removed permanently.
          </p>
          {subscription?.liveInStripe ? (
            <p className="mt-2" data-testid="delete-cancels-stripe">
              Its Pro subscription ({subscription.salespersonCount} salespeople, {usd(subscription.monthlyCost)}/month)
              is cancelled in Stripe first, at once: no further charges. If Stripe refuses, nothing is deleted.
            </p>
          ) : null}
          <p className="mt-2">Its accounts stay, without an organization. This cannot be undone.</p>
        </>
      }
      confirmLabel={subscription?.liveInStripe ? "Cancel subscription and delete" : "Delete organization"}
      busyLabel="Deleting..."
      destructive
      busy={busy}
      // Not before we know whether Stripe is involved: the message must be the whole truth.
      confirmDisabled={detail.isPending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
