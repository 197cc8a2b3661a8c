import { questionImportResultSchema } from "@shared/console/questions";
import { PILLARS, QUESTION_TYPES } from "@shared/pillars";
import {
  IMPORT_MESSAGES,
  type ImportIssue,
  parseImportText,
  SAMPLE_IMPORT,
  validateQuestionImport,
} from "@shared/question-import";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ConsoleIcon, FieldError, Modal } from "@/components/ui";
import { ApiRequestError, api } from "@/lib/api";
import { adminKeys } from "../../console/api";

/** The largest file the dialog reads; the API's body limit is 256 KB. */
const MAX_FILE_BYTES = 256 * 1024;

/**
 * Spec 2 §2, §5, §8: bulk import from pasted JSON, an uploaded .json file or the sample.
 * The same validator as the API runs first, so every problem is listed here; nothing is
 * imported unless every item is valid.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState("");
  const [issues, setIssues] = useState<ImportIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const issuesId = useId();
  // Text that is not JSON at all: said under the box too (the toast announces it).
  const [parseError, setParseError] = useState<string | null>(null);
  const parseErrorId = useId();
  const describedBy = [parseError ? parseErrorId : null, issues.length > 0 ? issuesId : null].filter(Boolean).join(" ");
  const queryClient = useQueryClient();

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      toast({ title: "Import Failed", description: "The file is larger than 256 KB.", variant: "destructive" });
      return;
    }
    setText(await file.text());
    setIssues([]);
    setParseError(null);
  };

  const runImport = async () => {
    const parsed = parseImportText(text);
    if (!parsed.ok) {
      // Spec 2 §8: empty input toasts 'Error' / 'Please enter JSON data to import.'
      const message = parsed.message === IMPORT_MESSAGES.empty ? `${parsed.message}.` : parsed.message;
      toast({ title: parsed.title, description: message, variant: "destructive" });
      setParseError(message);
      setIssues([]);
      return;
    }
    setParseError(null);
    const result = validateQuestionImport(parsed.data);
    if (!result.ok) {
      setIssues(result.issues);
      if (result.issues.length > 0) {
        toast({ title: "Validation Errors", description: result.summary, variant: "destructive" });
      } else {
        toast({ title: "No Valid Questions", description: result.summary, variant: "destructive" });
      }
      return;
    }
    setIssues([]);
    setBusy(true);
    try {
      const { imported } = await api("/api/admin/questions/import", questionImportResultSchema, {
        method: "POST",
        body: { questions: result.questions },
      });
      // Spec 2 §8: the bank's own toast once the server has stored them (the dialog's
      // "Import Successful" would say the same thing a second time; one toast at a time).
      toast({
        title: "Bulk import successful",
        description: `Successfully imported ${imported} questions to the global question bank.`,
      });
      void queryClient.invalidateQueries({ queryKey: adminKeys.questions });
      onClose();
    } catch (error) {
      const details =
        error instanceof ApiRequestError ? (error.details as { issues?: ImportIssue[] } | undefined) : undefined;
      if (details?.issues?.length) setIssues(details.issues);
      toast({
        title: "Import failed",
        description:
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : "Failed to import questions. Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Import Questions"
      description="A JSON array of questions (or a single question). If any item is invalid, nothing is imported."
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void runImport()} disabled={busy}>
            {busy ? (
              <span className="loading loading-spinner loading-sm" />
            ) : (
              <ConsoleIcon name="upload" className="size-4" />
            )}
            {busy ? "Importing..." : "Import Questions"}
          </button>
        </>
      }
    >
      <div className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              setText(JSON.stringify(SAMPLE_IMPORT, null, 2));
              setIssues([]);
              setParseError(null);
            }}
            disabled={busy}
          >
            Load Sample
          </button>
          {/* A button, not a label: the hidden file input is no Tab stop, the button is. */}
          <button type="button" className="btn btn-sm" onClick={() => fileInput.current?.click()} disabled={busy}>
            <ConsoleIcon name="upload" className="size-4" />
            Upload JSON File (.json)
          </button>
          <input
            ref={fileInput}
            tabIndex={-1}
            aria-hidden="true"
            type="file"
            accept=".json,application/json"
            className="hidden"
            onChange={(e) => {
              void loadFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </div>
        <label className="grid gap-1">
          <span className="text-sm font-medium">Paste JSON</span>
          <textarea
            aria-describedby={describedBy || undefined}
            aria-invalid={describedBy ? true : undefined}
            className="textarea w-full font-mono text-xs"
            rows={12}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setParseError(null);
            }}
            placeholder={
              '[\n  {\n    "pillar": "morale",\n    "question_text": "How are you feeling about work this week?",\n    "question_type": "open_ended",\n    "priority_order": 1,\n    "psychological_framework": "Optional"\n  }\n]'
            }
            spellCheck={false}
            disabled={busy}
          />
        </label>
        {parseError ? <FieldError id={parseErrorId} message={parseError} announce={false} /> : null}
        <details className="text-sm text-soft">
          <summary className="cursor-pointer">Format</summary>
          <p className="mt-2">
            Each question needs <code>pillar</code> ({PILLARS.join(", ")}), a non-empty <code>question_text</code> and{" "}
            <code>question_type</code> ({QUESTION_TYPES.join(", ")}). <code>priority_order</code> is a positive integer
            (default 1); <code>psychological_framework</code> is optional.
          </p>
        </details>
        {issues.length > 0 ? (
          <div
            id={issuesId}
            role="alert"
            className="rounded-field border border-error/40 bg-error/5 p-3"
            data-testid="import-issues"
          >
            <p className="text-sm font-semibold text-error">{IMPORT_MESSAGES.validationSummary(issues.length)}</p>
            <ul className="mt-2 max-h-40 list-disc space-y-1 overflow-y-auto pl-5 text-sm">
              {issues.map((issue, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: issues are a fixed list per attempt
                <li key={index}>
                  Question {issue.item}: {issue.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
