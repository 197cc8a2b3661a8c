import type { TeamMember, TeamPlan } from "@shared/team";
import { useEffect, useRef, useState } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import { Icon } from "@/components/Icon";
import { toast } from "@/components/toast/toast-store";
import { LoadError, Modal, PageHeader, Panel, PanelSkeleton, useDebounced } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { useRemoveMember, useTeam, useUpdateMember } from "../data/team";
import { fullName } from "../labels";
import type { DashboardOutletContext } from "../outlet";
import { CheckInsList } from "./CheckInsList";
import { MemberFormDialog } from "./MemberFormDialog";
import { MembersPanel } from "./MembersPanel";
import { SendCheckInDialog } from "./SendCheckInDialog";

type OpenDialog =
  | { kind: "add" }
  | { kind: "edit"; member: TeamMember }
  | { kind: "send"; member: TeamMember }
  | { kind: "remove"; member: TeamMember }
  | null;

/** The trial's limit, and the way out of it (spec 1 §9: Pro is unlimited). */
export function PlanStrip({ plan, onUpgrade }: { plan: TeamPlan; onUpgrade?: (() => void) | undefined }) {
  if (plan.plan === "pro") {
    return (
      <p className="text-sm text-soft" data-testid="plan-strip">
        <span className="badge badge-primary badge-soft mr-2">Pro</span>
        {plan.activeCount.toLocaleString("en-US")} active {plan.activeCount === 1 ? "salesperson" : "salespeople"},
        billed per active member.
      </p>
    );
  }
  const limit = plan.limit ?? 3;
  const full = !plan.canAdd;
  return (
    <div
      className={`flex flex-wrap items-center gap-3 rounded-box border p-3 text-sm ${full ? "border-warning/50 bg-warning/10" : "border-base-300 bg-base-100"}`}
      data-testid="plan-strip"
      role={full ? "status" : undefined}
    >
      <span className="badge badge-secondary badge-soft">Free Trial</span>
      <span className="flex items-center gap-2">
        <progress
          className="progress progress-secondary w-20"
          value={plan.activeCount}
          max={limit}
          aria-hidden="true"
        />
        <span>
          {/* The limit is on active members (a paused one frees a place): the list above may hold more. */}
          {plan.activeCount} of {limit} active team members
        </span>
      </span>
      {full ? (
        <span className="basis-full sm:basis-auto">
          Your Free Trial includes up to {limit} team members. Upgrade to Pro for unlimited team members.
        </span>
      ) : null}
      {onUpgrade ? (
        <button
          type="button"
          className={`btn btn-sm ${full ? "btn-primary" : "btn-ghost"} sm:ml-auto`}
          onClick={onUpgrade}
        >
          Upgrade to Pro
        </button>
      ) : null}
    </div>
  );
}

/**
 * Where focus goes after a check-in is sent: its Send button is gone (the check-in is
 * waiting), so the row's next control, Edit.
 */
const firstButtonOf = (member: TeamMember) =>
  document.querySelector<HTMLButtonElement>(`li[data-member-id="${CSS.escape(member.id)}"] button`);

/** /dashboard/team — the salespeople, their check-ins, and sending new ones. */
export function TeamPage() {
  const onUpgrade = useOutletContext<DashboardOutletContext | undefined>()?.choosePlan;
  const [search, setSearch] = useState("");
  const settledSearch = useDebounced(search.trim());
  const team = useTeam(settledSearch);
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const [modal, setModal] = useState<OpenDialog>(null);
  const [params, setParams] = useSearchParams();
  // Focus goes here when the form opened on arrival (?add=1) closes: no button opened it.
  const addButton = useRef<HTMLButtonElement>(null);

  useDocumentTitle("Team — Undertone");
  // The getting-started link (?add=1) opens the form at once.
  useEffect(() => {
    const plan = team.data?.pages[0]?.plan;
    if (params.get("add") === "1" && plan) {
      if (plan.canAdd) setModal({ kind: "add" });
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.delete("add");
          return copy;
        },
        { replace: true },
      );
    }
  }, [params, setParams, team.data?.pages[0]?.plan]);

  const limitToast = (message: string) =>
    toast({ title: "Team member limit reached", description: message, variant: "destructive" });

  const togglePause = (member: TeamMember) =>
    update.mutate(
      { id: member.id, patch: { status: member.status === "active" ? "inactive" : "active" } },
      {
        onSuccess: () =>
          toast({
            title: member.status === "active" ? "Check-ins paused" : "Check-ins resumed",
            description: fullName(member),
          }),
        onError: (error) => toast({ title: "Could not update", description: error.message, variant: "destructive" }),
      },
    );

  const pages = team.data?.pages ?? [];
  const members = pages.flatMap((page) => page.members);
  const plan = pages[0]?.plan;
  const total = pages[0]?.total ?? 0;
  // The team has members (whatever the search finds): the list, its search and the check-ins show.
  const hasTeam = total > 0 || settledSearch !== "" || search !== "";
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader
        title="Team"
        subtitle="The salespeople you manage. They never log in: each check-in is a private link."
        actions={
          plan ? (
            <button
              ref={addButton}
              type="button"
              className="btn btn-primary"
              onClick={() =>
                plan.canAdd
                  ? setModal({ kind: "add" })
                  : limitToast(
                      "Your Free Trial includes up to 3 team members. Upgrade to Pro for unlimited team members.",
                    )
              }
            >
              <Icon name="users" className="size-4" />
              Add team member
            </button>
          ) : null
        }
      />
      {plan ? <PlanStrip plan={plan} onUpgrade={onUpgrade} /> : null}
      {team.isError ? <LoadError message="We couldn't load your team." onRetry={() => team.refetch()} /> : null}
      {team.isPending ? <PanelSkeleton rows={3} /> : null}

      {team.isSuccess && !hasTeam ? (
        <section
          className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center"
          data-testid="team-empty"
        >
          <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
            <Icon name="users" className="size-6" />
          </span>
          <h2 className="text-lg font-semibold">Add your first salesperson</h2>
          <p className="max-w-md text-sm text-soft">
            Start with the people you manage directly. Then send each one a check-in: a private, 10-minute chat whose
            scores and themes show up on your dashboard.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => setModal({ kind: "add" })}>
            Add team member
          </button>
        </section>
      ) : null}

      {team.isSuccess && hasTeam ? (
        <MembersPanel
          members={members}
          total={total}
          search={search}
          onSearch={setSearch}
          searching={team.isPlaceholderData || search.trim() !== settledSearch}
          hasMore={team.hasNextPage}
          loadingMore={team.isFetchingNextPage}
          onShowMore={() => team.fetchNextPage()}
          actions={{
            send: (member) => setModal({ kind: "send", member }),
            edit: (member) => setModal({ kind: "edit", member }),
            togglePause,
            remove: (member) => setModal({ kind: "remove", member }),
            pausingId: update.isPending ? (update.variables?.id ?? null) : null,
          }}
        />
      ) : null}

      {team.isSuccess && hasTeam ? (
        <Panel title="Check-ins" subtitle="Every check-in sent, by you or by the schedule" testId="check-ins-panel">
          <CheckInsList />
        </Panel>
      ) : null}

      {modal?.kind === "add" ? (
        <MemberFormDialog onClose={() => setModal(null)} onLimit={limitToast} returnFocus={() => addButton.current} />
      ) : null}
      {modal?.kind === "edit" ? (
        <MemberFormDialog member={modal.member} onClose={() => setModal(null)} onLimit={limitToast} />
      ) : null}
      {modal?.kind === "send" ? (
        <SendCheckInDialog
          member={modal.member}
          onClose={() => setModal(null)}
          returnFocus={() => firstButtonOf(modal.member)}
        />
      ) : null}
      {modal?.kind === "remove" ? (
        <Modal
          title={`Remove ${fullName(modal.member)}?`}
          onClose={() => setModal(null)}
          returnFocus={() => addButton.current}
        >
          <p className="text-sm text-soft">
            Their check-ins, scores, blockers and alerts are deleted with them, and the team's history no longer
            includes them. To stop check-ins but keep their history, pause them instead.
          </p>
          {remove.isError ? (
            <p role="alert" className="mt-3 text-sm text-error">
              {remove.error.message}
            </p>
          ) : null}
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => setModal(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-error"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(modal.member.id, {
                  onSuccess: () => {
                    toast({ title: "Team member removed", description: fullName(modal.member) });
                    setModal(null);
                  },
                })
              }
            >
              {remove.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
              Remove
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
