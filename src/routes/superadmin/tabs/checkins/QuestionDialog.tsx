import {
  type BankQuestionRow,
  QUESTION_FRAMEWORK_MAX,
  QUESTION_TEXT_MAX,
  questionSchema,
} from "@shared/console/questions";
import { PILLAR_LABELS, PILLARS, QUESTION_TYPES } from "@shared/pillars";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { Field, Modal } from "@/components/ui";
import { api } from "@/lib/api";
import { adminKeys } from "../../console/api";
import { priorityFrom } from "../../console/display";
import { QUESTION_TYPE_LABELS } from "./labels";

/** Add or edit one question (spec 2 §2): Save disables the form and reads 'Saving...' until done. */
export function QuestionDialog({ question, onClose }: { question: BankQuestionRow | null; onClose: () => void }) {
  const [pillar, setPillar] = useState<string>(question?.pillar ?? "");
  const [text, setText] = useState(question?.question_text ?? "");
  const [type, setType] = useState<string>(question?.question_type ?? "");
  const [priority, setPriority] = useState(String(question?.priority_order ?? 1));
  const [framework, setFramework] = useState(question?.psychological_framework ?? "");
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: () => {
      const body = {
        pillar,
        question_text: text.trim(),
        question_type: type,
        priority_order: priorityFrom(priority),
        psychological_framework: framework.trim() || null,
      };
      return question
        ? api(`/api/admin/questions/${encodeURIComponent(question.id)}`, questionSchema, { method: "PUT", body })
        : api("/api/admin/questions", questionSchema, { method: "POST", body });
    },
    onSuccess: () => {
      toast(
        question
          ? {
              title: "Question updated",
              description: "The question has been successfully updated across all organizations.",
            }
          : { title: "Question added", description: "The question has been added to the global question bank." },
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.questions });
      onClose();
    },
    onError: () =>
      toast({ title: "Error", description: "Failed to save question. Please try again.", variant: "destructive" }),
  });

  const complete = pillar !== "" && text.trim() !== "" && type !== "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec 2 §5: with a required field missing, submit does nothing (the button says why).
    if (!complete || save.isPending) return;
    save.mutate();
  };

  return (
    <Modal
      title={question ? "Edit Question" : "Add Question"}
      description={question ? "Edits apply to every organization." : "Add a question to the global question bank."}
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={submit} className="grid gap-4">
        <fieldset disabled={save.isPending} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Pillar">
              {(control) => (
                <select
                  {...control}
                  className="select w-full"
                  value={pillar}
                  onChange={(e) => setPillar(e.target.value)}
                  required
                >
                  <option value="" disabled>
                    Choose a pillar
                  </option>
                  {PILLARS.map((p) => (
                    <option key={p} value={p}>
                      {PILLAR_LABELS[p]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Question type">
              {(control) => (
                <select
                  {...control}
                  className="select w-full"
                  value={type}
                  onChange={(e) => setType(e.target.value)}
                  required
                >
                  <option value="" disabled>
                    Choose a type
                  </option>
                  {QUESTION_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {QUESTION_TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label="Question text">
            {(control) => (
              <textarea
                {...control}
                className="textarea w-full"
                rows={3}
                value={text}
                maxLength={QUESTION_TEXT_MAX}
                onChange={(e) => setText(e.target.value)}
                required
              />
            )}
          </Field>
          <Field label="Priority order" hint="Lower numbers are asked first." className="sm:w-48">
            {(control) => (
              <input
                {...control}
                type="number"
                className="input w-full"
                min={1}
                step={1}
                value={priority}
                onChange={(e) => setPriority(e.target.value)}
              />
            )}
          </Field>
          <Field label="Psychological framework" optional>
            {(control) => (
              <textarea
                {...control}
                className="textarea w-full"
                rows={3}
                value={framework}
                maxLength={QUESTION_FRAMEWORK_MAX}
                onChange={(e) => setFramework(e.target.value)}
                placeholder="What this question reveals and how to read the answer"
              />
            )}
          </Field>
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-2 pt-2">
          {!complete ? (
            <span className="mr-auto text-sm text-muted">Pillar, question text and type are required.</span>
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !complete}>
            {save.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
            {save.isPending ? "Saving..." : question ? "Update Question" : "Add Question"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
