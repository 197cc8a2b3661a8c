import { okSchema } from "@shared/console/common";
import type { BankQuestionRow } from "@shared/console/questions";
import { PILLAR_LABELS, PILLARS, type Pillar } from "@shared/pillars";
import { utcDay } from "@shared/time";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import {
  Badge,
  Card,
  ConfirmDialog,
  ConsoleIcon,
  DownloadButton,
  EmptyState,
  FilterSelect,
  PagedCardBody,
  SearchInput,
  useDebounced,
  useDownload,
  usePage,
} from "@/components/ui";
import { api } from "@/lib/api";
import { adminKeys, useQuestions } from "../../console/api";
import { ImportDialog } from "./ImportDialog";
import { QUESTION_TYPE_LABELS } from "./labels";
import { QuestionDialog } from "./QuestionDialog";

const PILLAR_BADGE: Record<Pillar, string> = {
  quota_confidence: "bg-primary/10 text-primary",
  burnout_risks: "bg-error/10 text-error",
  team_dynamics: "bg-secondary/10 text-secondary",
  morale: "bg-success/10 text-success",
  sales_strength: "bg-info/10 text-info",
  blockers: "bg-warning/20 text-warning-content",
};

/** Spec 2 §2 Question Bank: the global questions every check-in draws from. */
export function QuestionBank() {
  const [search, setSearch] = useState("");
  const [pillar, setPillar] = useState<Pillar | "">("");
  const { page, setPage, filtering } = usePage();
  const [editing, setEditing] = useState<BankQuestionRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<BankQuestionRow | null>(null);
  const [importing, setImporting] = useState(false);
  const debouncedSearch = useDebounced(search.trim());
  const questions = useQuestions({ search: debouncedSearch, pillar, page });
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/questions/${encodeURIComponent(id)}`, okSchema, { method: "DELETE" }),
    onSuccess: () => {
      toast({ title: "Question deleted", description: "The question has been removed from the global question bank." });
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.questions });
    },
    onError: () =>
      toast({ title: "Error", description: "Failed to delete question. Please try again.", variant: "destructive" }),
  });

  const exports = useDownload();

  const stats = questions.data?.stats;
  const filtersActive = debouncedSearch !== "" || pillar !== "";

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
        <div className="rounded-box border border-base-300 bg-base-100 p-4">
          <p className="text-xs font-medium text-muted">Total questions</p>
          <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="question-total">
            {stats ? stats.total : "–"}
          </p>
        </div>
        {PILLARS.map((p) => (
          <button
            type="button"
            key={p}
            onClick={() => filtering(setPillar)(pillar === p ? "" : p)}
            aria-pressed={pillar === p}
            className={`rounded-box border bg-base-100 p-4 text-left transition-colors hover:border-primary/40 ${
              pillar === p ? "border-primary ring-1 ring-primary" : "border-base-300"
            }`}
          >
            <p className="line-clamp-2 min-h-8 text-xs font-medium text-muted">{PILLAR_LABELS[p]}</p>
            <p className="mt-1 text-2xl font-bold tabular-nums">{stats ? stats.byPillar[p] : "–"}</p>
          </button>
        ))}
      </div>

      <Card
        title="Global question bank"
        description="Changes apply to every organization's next check-ins."
        bodyClassName=""
        actions={
          <>
            <button type="button" className="btn btn-sm" onClick={() => setImporting(true)}>
              <ConsoleIcon name="upload" className="size-4" />
              Import
            </button>
            <DownloadButton
              busy={exports.pending !== null}
              onClick={() =>
                void exports.download("/api/admin/questions/export", `question-bank-${utcDay(Date.now())}.json`)
              }
            >
              Export
            </DownloadButton>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing("new")}>
              <ConsoleIcon name="plus" className="size-4" />
              Add Question
            </button>
          </>
        }
      >
        <div className="flex flex-col gap-2 border-b border-base-300 p-4 sm:flex-row">
          <SearchInput
            value={search}
            onChange={filtering(setSearch)}
            placeholder="Search question text or type…"
            label="Search questions"
          />
          <FilterSelect
            className="w-full sm:w-64"
            label="Filter by pillar"
            value={pillar}
            onChange={filtering(setPillar)}
            allLabel="All Pillars"
            options={PILLARS.map((p) => ({ value: p, label: PILLAR_LABELS[p] }))}
          />
        </div>
        <PagedCardBody
          query={questions}
          loading={
            <div className="flex items-center justify-center gap-3 p-10 text-sm text-soft" role="status">
              <span className="loading loading-spinner" />
              Loading question bank
            </div>
          }
          error={(message) => ({ title: "Could not load the question bank", message })}
          empty={
            <EmptyState
              icon="clipboard"
              title="No questions found"
              hint={filtersActive ? "Try adjusting your search criteria" : undefined}
              action={
                filtersActive ? null : (
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing("new")}>
                    Add your first question
                  </button>
                )
              }
            />
          }
          pagination={{ page, onPage: setPage, label: "questions" }}
        >
          {(data) => (
            <ul className="divide-y divide-base-300">
              {data.items.map((q) => (
                <li key={q.id} className="flex gap-3 p-4" data-testid="question-card">
                  <div className="min-w-0 flex-1 space-y-1.5">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className={`badge badge-sm border-0 ${PILLAR_BADGE[q.pillar]}`}>
                        {PILLAR_LABELS[q.pillar]}
                      </span>
                      <Badge variant="outline">{QUESTION_TYPE_LABELS[q.question_type]}</Badge>
                      <span className="text-xs text-muted">Priority {q.priority_order}</span>
                    </div>
                    <p className="font-medium">{q.question_text}</p>
                    {q.psychological_framework ? (
                      <p className="text-sm text-muted">
                        <span className="font-medium">Framework:</span> {q.psychological_framework}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 items-start gap-1">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-square"
                      aria-label="Edit question"
                      onClick={() => setEditing(q)}
                    >
                      <ConsoleIcon name="pencil" className="size-4" />
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-square text-error"
                      aria-label="Delete question"
                      onClick={() => setDeleting(q)}
                    >
                      <ConsoleIcon name="trash" className="size-4" />
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </PagedCardBody>
      </Card>

      {editing ? (
        <QuestionDialog question={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete question"
          message="Are you sure you want to delete this question? This will affect all organizations using this question."
          confirmLabel="Delete"
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
