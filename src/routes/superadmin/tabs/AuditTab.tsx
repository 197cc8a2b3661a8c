import type { AuditEntry } from "@shared/console/audit";
import { useState } from "react";
import {
  Badge,
  Card,
  DataTable,
  EmptyState,
  FilterSelect,
  ListSkeleton,
  PagedCardBody,
  SearchInput,
  TabHeader,
  useDebounced,
  usePage,
} from "@/components/ui";
import { useAuditLog } from "../console/api";
import { formatTimestamp } from "../console/display";

/** Audit Logs (the spec leaves it 'will be implemented here'): every console change and role change. */
export function AuditTab() {
  const [action, setAction] = useState("");
  const [targetType, setTargetType] = useState("");
  const [actor, setActor] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const { page, setPage, filtering } = usePage();
  const [open, setOpen] = useState<string | null>(null);
  const debouncedActor = useDebounced(actor.trim());
  const log = useAuditLog({ action, targetType, actor: debouncedActor, from, to, page });
  const filtersActive = action !== "" || targetType !== "" || debouncedActor !== "" || from !== "" || to !== "";

  return (
    <div className="space-y-6">
      <TabHeader
        title="Audit Logs"
        description="Who changed what, and when: every change made through the console, and every role change."
      />
      <Card bodyClassName="flex flex-col gap-3 p-4 lg:flex-row lg:flex-wrap lg:items-end">
        <SearchInput
          value={actor}
          onChange={filtering(setActor)}
          placeholder="Operator email…"
          label="Filter by operator"
        />
        <FilterSelect
          className="w-full lg:w-56"
          label="Filter by action"
          value={action}
          onChange={filtering(setAction)}
          allLabel="All actions"
          options={(log.data?.actions ?? []).map((a) => ({ value: a, label: a }))}
        />
        <FilterSelect
          className="w-full lg:w-48"
          label="Filter by target"
          value={targetType}
          onChange={filtering(setTargetType)}
          allLabel="All targets"
          options={(log.data?.targetTypes ?? []).map((t) => ({ value: t, label: t.replaceAll("_", " ") }))}
        />
        <label className="flex items-center gap-2 text-sm">
          From
          <input
            type="date"
            className="input input-sm"
            value={from}
            max={to || undefined}
            onChange={(e) => filtering(setFrom)(e.target.value)}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          To
          <input
            type="date"
            className="input input-sm"
            value={to}
            min={from || undefined}
            onChange={(e) => filtering(setTo)(e.target.value)}
          />
        </label>
        {filtersActive ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setAction("");
              setTargetType("");
              setActor("");
              setFrom("");
              setTo("");
              setPage(1);
            }}
          >
            Clear filters
          </button>
        ) : null}
      </Card>
      <Card title={`Entries (${log.data?.total ?? 0})`} bodyClassName="">
        <PagedCardBody
          query={log}
          loading={<ListSkeleton rows={8} label="Loading audit log" />}
          error={(message) => ({ title: "Could not load the audit log", message })}
          empty={
            <EmptyState
              icon="scroll"
              title="No audit entries"
              hint={
                filtersActive ? "Try adjusting your search criteria" : "Changes made through the console appear here."
              }
            />
          }
          pagination={{ page, onPage: setPage, label: "entries" }}
        >
          {(data) => (
            <DataTable
              label="Audit log entries"
              columns={[
                { label: "When" },
                { label: "Who" },
                { label: "Action" },
                { label: "Target" },
                { label: "Details", visuallyHidden: true },
              ]}
            >
              {data.items.map((entry) => (
                <AuditRow
                  key={entry.id}
                  entry={entry}
                  open={open === entry.id}
                  onToggle={() => setOpen(open === entry.id ? null : entry.id)}
                />
              ))}
            </DataTable>
          )}
        </PagedCardBody>
      </Card>
    </div>
  );
}

function AuditRow({ entry, open, onToggle }: { entry: AuditEntry; open: boolean; onToggle: () => void }) {
  return (
    <>
      <tr data-testid="audit-row">
        <td className="whitespace-nowrap">{formatTimestamp(entry.createdAt)}</td>
        <td className="max-w-56 truncate">{entry.actorEmail ?? <span className="text-muted">system</span>}</td>
        <td>
          <Badge variant={entry.action.endsWith("delete") ? "destructive" : "outline"}>{entry.action}</Badge>
        </td>
        <td className="max-w-56 truncate text-soft">
          {entry.targetType.replaceAll("_", " ")}
          {entry.targetId ? <span className="text-xs"> · {entry.targetId}</span> : null}
        </td>
        <td className="text-right">
          {entry.details ? (
            <button type="button" className="btn btn-ghost btn-xs" onClick={onToggle} aria-expanded={open}>
              {open ? "Hide" : "Details"}
            </button>
          ) : null}
        </td>
      </tr>
      {open && entry.details ? (
        <tr>
          <td colSpan={5} className="bg-base-200/60">
            <pre className="max-h-64 overflow-auto text-xs whitespace-pre-wrap">
              {JSON.stringify(entry.details, null, 2)}
            </pre>
            {entry.ipAddress ? <p className="mt-1 text-xs text-muted">From {entry.ipAddress}</p> : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}
