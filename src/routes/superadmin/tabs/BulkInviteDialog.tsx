import {
  BULK_INVITE_MAX,
  type BulkInviteResult,
  type BulkInviteRole,
  bulkInviteResultSchema,
  parseInviteLines,
} from "@shared/bulk-invite";
import { plural } from "@shared/plural";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import {
  Badge,
  type BadgeVariant,
  DataTable,
  Modal,
  SearchInput,
  useDebounced,
  useFieldControl,
} from "@/components/ui";
import { ApiRequestError, api } from "@/lib/api";
import { adminKeys, useOrganizations } from "../console/api";

const ROLE_CHOICES: { role: BulkInviteRole; title: string; hint: string }[] = [
  {
    role: "salesperson",
    title: "Sales reps",
    hint: "Join the team and answer check-ins. They never sign in.",
  },
  {
    role: "admin",
    title: "Admins",
    hint: "Get an account in the organization and an emailed sign-in link to its dashboard.",
  },
];

const OUTCOME_BADGE: Record<BulkInviteResult["results"][number]["outcome"], { label: string; variant: BadgeVariant }> =
  {
    added: { label: "Added", variant: "success" },
    invited: { label: "Invited", variant: "success" },
    skipped: { label: "Skipped", variant: "warning" },
  };

const PLACEHOLDER = `jane@acme.com, Jane, Doe
Sam Lee <sam@acme.com>
Mary Smith; mary@acme.com`;

/**
 * Bulk Invite Users (User Oversight; a placeholder button in spec 2 §2): pick an
 * organization, paste one person per line, and see what happened to each.
 */
export function BulkInviteDialog({ onClose }: { onClose: () => void }) {
  const [orgSearch, setOrgSearch] = useState("");
  const [organization, setOrganization] = useState<{ id: string; name: string } | null>(null);
  const [role, setRole] = useState<BulkInviteRole>("salesperson");
  const [sendCheckIn, setSendCheckIn] = useState(true);
  const [lines, setLines] = useState("");
  const [result, setResult] = useState<BulkInviteResult | null>(null);
  const debouncedSearch = useDebounced(orgSearch.trim());
  const organizations = useOrganizations({ search: debouncedSearch, page: 1, pageSize: 6 });
  const parsed = useMemo(() => parseInviteLines(lines), [lines]);
  const linesField = useFieldControl({ hint: true, error: parsed.errors[0] });
  const queryClient = useQueryClient();

  const invite = useMutation({
    mutationFn: () =>
      api("/api/admin/users/invite", bulkInviteResultSchema, {
        method: "POST",
        body: {
          organizationId: organization?.id,
          role,
          ...(role === "salesperson" ? { sendCheckIn } : {}),
          people: parsed.people,
        },
      }),
    onSuccess: (data) => {
      setResult(data);
      for (const key of [adminKeys.users, adminKeys.userStats, adminKeys.organizations, adminKeys.stats]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
      const done = data.results.filter((r) => r.outcome !== "skipped").length;
      toast({
        title: "Invitations sent",
        description: `${done} of ${data.results.length} ${plural(data.results.length, "person", "people")} added to ${data.organizationName}.`,
      });
    },
    onError: (error) =>
      toast({
        title: "Invite failed",
        description: error instanceof ApiRequestError ? error.message : "Failed to invite users. Please try again.",
        variant: "destructive",
      }),
  });

  if (result) return <InviteResults result={result} onClose={onClose} />;

  const count = parsed.people.length;
  const ready = organization !== null && count > 0 && parsed.errors.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !invite.isPending) invite.mutate();
  };

  return (
    <Modal
      title="Bulk Invite Users"
      description="Add many people to one organization at once."
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={submit} className="grid gap-5">
        <fieldset disabled={invite.isPending} className="grid gap-5">
          <section className="grid gap-2" aria-label="Organization">
            <span className="text-sm font-medium">Organization</span>
            {organization ? (
              <div className="flex items-center justify-between gap-3 rounded-box border border-base-300 px-3 py-2">
                <span className="font-medium" data-testid="invite-organization">
                  {organization.name}
                </span>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setOrganization(null)}>
                  Change
                </button>
              </div>
            ) : (
              <>
                <SearchInput
                  value={orgSearch}
                  onChange={setOrgSearch}
                  placeholder="Search company name or domain…"
                  label="Search organizations"
                />
                <OrganizationChoices query={organizations} onChoose={setOrganization} />
              </>
            )}
          </section>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Invite as</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {ROLE_CHOICES.map((choice) => (
                <label
                  key={choice.role}
                  className={`flex cursor-pointer gap-3 rounded-box border p-3 ${role === choice.role ? "border-primary bg-primary/5" : "border-base-300"}`}
                >
                  <input
                    type="radio"
                    name="invite-role"
                    className="radio radio-primary radio-sm mt-0.5"
                    checked={role === choice.role}
                    onChange={() => setRole(choice.role)}
                  />
                  <span>
                    <span className="block font-medium">{choice.title}</span>
                    <span className="block text-sm text-soft">{choice.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {role === "salesperson" ? (
              <label className="mt-1 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={sendCheckIn}
                  onChange={(e) => setSendCheckIn(e.target.checked)}
                />
                Send each their first check-in now
              </label>
            ) : null}
          </fieldset>

          <div className="grid gap-1">
            <label htmlFor={linesField.control.id} className="text-sm font-medium">
              People, one per line
            </label>
            <textarea
              {...linesField.control}
              className="textarea h-36 w-full font-mono text-sm"
              placeholder={PLACEHOLDER}
              value={lines}
              onChange={(e) => setLines(e.target.value)}
            />
            <p id={linesField.hintId} className="text-xs text-soft">
              An email and a first and last name on each line, separated by commas, semicolons or tabs (a spreadsheet
              paste works). Up to {BULK_INVITE_MAX} at a time.
            </p>
            {parsed.errors.length > 0 ? (
              <ul id={linesField.errorId} className="mt-1 space-y-0.5 text-sm text-error" role="alert">
                {parsed.errors.slice(0, 5).map((message) => (
                  <li key={message}>{message}</li>
                ))}
                {parsed.errors.length > 5 ? <li>…and {parsed.errors.length - 5} more</li> : null}
              </ul>
            ) : count > 0 ? (
              <p className="mt-1 text-sm text-success" role="status">
                {count} {plural(count, "person", "people")} ready
              </p>
            ) : null}
          </div>
        </fieldset>

        <div className="flex flex-wrap justify-end gap-2 border-t border-base-300 pt-4">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!ready || invite.isPending}>
            {invite.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
            {invite.isPending
              ? "Inviting..."
              : count > 0
                ? `Invite ${count} ${plural(count, "person", "people")}`
                : "Invite people"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function OrganizationChoices({
  query,
  onChoose,
}: {
  query: ReturnType<typeof useOrganizations>;
  onChoose: (organization: { id: string; name: string }) => void;
}) {
  if (query.isPending)
    return <span className="loading loading-dots loading-sm" role="status" aria-label="Loading organizations" />;
  if (query.isError) return <p className="text-sm text-error">Could not load organizations: {query.error.message}</p>;
  if (query.data.items.length === 0) return <p className="text-sm text-soft">No organizations found</p>;
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300">
      {query.data.items.map((org) => (
        <li key={org.id}>
          <button
            type="button"
            className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-base-200 focus-visible:bg-base-200"
            onClick={() => onChoose({ id: org.id, name: org.name })}
          >
            <span className="min-w-0 truncate font-medium">{org.name}</span>
            <span className="shrink-0 text-xs text-muted">
              {org.userCount} {plural(org.userCount, "user")} · {org.subscriptionTier}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function InviteResults({ result, onClose }: { result: BulkInviteResult; onClose: () => void }) {
  return (
    <Modal
      title="Bulk Invite Users"
      description={`Done: ${result.organizationName}`}
      onClose={onClose}
      size="lg"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <DataTable
        label="Invitation results"
        testId="invite-results"
        columns={[{ label: "Email" }, { label: "Result" }, { label: "Note" }]}
      >
        {result.results.map((row) => (
          <tr key={row.email}>
            <td className="break-all">{row.email}</td>
            <td>
              <Badge variant={OUTCOME_BADGE[row.outcome].variant}>{OUTCOME_BADGE[row.outcome].label}</Badge>
            </td>
            <td className="text-sm text-soft">{row.note ?? ""}</td>
          </tr>
        ))}
      </DataTable>
    </Modal>
  );
}
