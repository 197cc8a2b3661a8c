import { resendVerificationResultSchema, type SupportSearch } from "@shared/console/support";
import { roleLabel } from "@shared/domain";
import { formatDate } from "@shared/time";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import {
  Badge,
  Card,
  ConsoleIcon,
  EmptyState,
  ErrorCard,
  ListSkeleton,
  organizationStatusLabel,
  organizationStatusVariant,
  TabHeader,
  useDebounced,
} from "@/components/ui";
import { ApiRequestError, api } from "@/lib/api";
import { useSupportSearch } from "../console/api";
import { formatTimestamp, organizationFacts } from "../console/display";
import { OrganizationDetailsDialog } from "./OrganizationDetailsDialog";

/**
 * Customer Support (the spec leaves it 'will be implemented here'): find people and fix sign-up
 * trouble. Salespeople are team members, not accounts (they only open check-in links), so they
 * are their own list.
 */
export function SupportTab() {
  const [query, setQuery] = useState("");
  const debounced = useDebounced(query.trim(), 350);
  const search = useSupportSearch(debounced);
  const [viewing, setViewing] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <TabHeader
        title="Customer Support"
        description="Find an account, organization or salesperson by name, email, domain or id."
      />
      <Card bodyClassName="p-4">
        <label className="input w-full">
          <ConsoleIcon name="search" className="size-4 opacity-60" />
          <input
            type="search"
            placeholder="e.g. jane@acme.com, Acme, acme.com"
            aria-label="Search accounts, organizations and salespeople"
            value={query}
            maxLength={200}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
      </Card>

      {debounced.length < 2 ? (
        <Card>
          <EmptyState icon="lifebuoy" title="Search to begin" hint="Type at least 2 characters." />
        </Card>
      ) : search.isPending ? (
        <Card bodyClassName="">
          <ListSkeleton rows={4} label="Searching" />
        </Card>
      ) : search.isError ? (
        <ErrorCard title="Search failed" message={search.error.message} onRetry={() => void search.refetch()} />
      ) : search.data.users.length === 0 &&
        search.data.organizations.length === 0 &&
        search.data.salespeople.length === 0 ? (
        <Card>
          <EmptyState
            icon="search"
            title="Nothing found"
            hint="Try part of an email address, a company name or a domain."
          />
        </Card>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <ResultCard title="Accounts" none="No accounts match" items={search.data.users}>
            {(user) => <SupportUser key={user.id} user={user} />}
          </ResultCard>
          <ResultCard title="Organizations" none="No organizations match" items={search.data.organizations}>
            {(org) => <SupportOrganization key={org.id} org={org} onView={setViewing} />}
          </ResultCard>
          <div className="xl:col-span-2">
            <ResultCard title="Salespeople" none="No salespeople match" items={search.data.salespeople}>
              {(person) => <SupportSalesperson key={person.id} person={person} onOrganization={setViewing} />}
            </ResultCard>
          </div>
        </div>
      )}
      {viewing ? <OrganizationDetailsDialog id={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

/** One list of results with its count; no match is one line, not an empty-state card, so on a phone the list that did match stays near the top. */
function ResultCard<T>({
  title,
  none,
  items,
  children,
}: {
  title: string;
  none: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  return (
    <Card title={`${title} (${items.length})`} bodyClassName="">
      {items.length === 0 ? (
        <p className="px-5 py-3 text-sm text-muted">{none}</p>
      ) : (
        <ul className="divide-y divide-base-300">{items.map(children)}</ul>
      )}
    </Card>
  );
}

function SupportOrganization({
  org,
  onView,
}: {
  org: SupportSearch["organizations"][number];
  onView: (id: string) => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{org.name}</p>
        <p className="text-sm text-muted">
          {organizationFacts(org)} · since {formatDate(org.createdAt)}
        </p>
      </div>
      <Badge variant={organizationStatusVariant(org.status)}>{organizationStatusLabel(org.status)}</Badge>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onView(org.id)}>
        View Details
      </button>
    </li>
  );
}

function SupportUser({ user }: { user: SupportSearch["users"][number] }) {
  const resend = useMutation({
    mutationFn: () =>
      api(
        `/api/admin/support/users/${encodeURIComponent(user.id)}/resend-verification`,
        resendVerificationResultSchema,
        {
          method: "POST",
        },
      ),
    onSuccess: (result) =>
      toast({ title: result.sent ? "Verification email sent" : "Not sent", description: result.message }),
    onError: (error) =>
      toast({
        title: "Error",
        description:
          error instanceof ApiRequestError ? error.message : "Failed to send the verification email. Please try again.",
        variant: "destructive",
      }),
  });
  return (
    <li className="space-y-2 px-5 py-3" data-testid="support-user">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium">{user.name}</p>
        <Badge variant="outline">{roleLabel(user.role)}</Badge>
        <Badge variant={user.emailVerified ? "success" : "warning"}>
          {user.emailVerified ? "verified" : "unverified"}
        </Badge>
        {user.status !== "Active" ? <Badge variant="muted">{user.status}</Badge> : null}
      </div>
      <p className="text-sm break-all text-soft">{user.email}</p>
      <p className="text-xs text-muted">
        {user.organizationName ?? "No organization"} · joined {formatDate(user.createdAt)} · last sign-in{" "}
        {user.lastSignInAt ? formatTimestamp(user.lastSignInAt) : "never"}
      </p>
      {user.emailVerified ? null : (
        <button type="button" className="btn btn-sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? (
            <span className="loading loading-spinner loading-xs" />
          ) : (
            <ConsoleIcon name="mail" className="size-4" />
          )}
          Resend verification email
        </button>
      )}
    </li>
  );
}

const CHECK_IN_VARIANT = { pending: "warning", completed: "success", expired: "muted" } as const;

/** A team member: no account, so nothing to resend; their organization opens its details. */
function SupportSalesperson({
  person,
  onOrganization,
}: {
  person: SupportSearch["salespeople"][number];
  onOrganization: (id: string) => void;
}) {
  const work = [person.jobTitle, person.region].filter(Boolean).join(" · ");
  return (
    <li className="space-y-1 px-5 py-3" data-testid="support-salesperson">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium break-words">{person.name}</p>
        <Badge variant="outline">{roleLabel("Salesperson")}</Badge>
        {person.active ? null : <Badge variant="muted">Inactive</Badge>}
      </div>
      <p className="text-sm break-all text-soft">{person.email ?? "No email (the Admin hands over their links)"}</p>
      {work ? <p className="text-sm break-words text-muted">{work}</p> : null}
      <p className="text-xs text-muted">
        <button
          type="button"
          className="link text-left break-words"
          onClick={() => onOrganization(person.organizationId)}
        >
          {person.organizationName ?? "Unknown organization"}
        </button>
      </p>
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
        {person.lastCheckIn ? (
          <>
            Last check-in sent {formatDate(person.lastCheckIn.sentAt)}
            <Badge variant={CHECK_IN_VARIANT[person.lastCheckIn.status]}>{person.lastCheckIn.status}</Badge>
          </>
        ) : (
          "No check-in sent yet"
        )}
      </p>
    </li>
  );
}
