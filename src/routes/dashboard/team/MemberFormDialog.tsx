import {
  TEAM_MEMBER_FIELD_LIMITS,
  type TeamMember,
  type TeamMemberCreateInput,
  teamMemberCreateSchema,
} from "@shared/team";
import { type FormEvent, useRef, useState } from "react";
import * as zc from "zod/v4/core";
import { toast } from "@/components/toast/toast-store";
import { Field, Modal } from "@/components/ui";
import { ApiRequestError } from "@/lib/api";
import { useAddMember, useUpdateMember } from "../data/team";
import { fullName } from "../labels";

type FieldName = keyof TeamMemberCreateInput;
const FIELDS: {
  name: FieldName;
  label: string;
  type?: string;
  optional?: boolean;
  hint?: string;
  autoComplete: string;
  max: number;
}[] = [
  { name: "firstName", label: "First name", autoComplete: "given-name", max: TEAM_MEMBER_FIELD_LIMITS.name },
  { name: "lastName", label: "Last name", autoComplete: "family-name", max: TEAM_MEMBER_FIELD_LIMITS.name },
  {
    name: "email",
    label: "Work email",
    type: "email",
    optional: true,
    hint: "Check-in links are emailed here. Without an email, you copy each link and give it to them yourself.",
    autoComplete: "email",
    max: 254,
  },
  {
    name: "jobTitle",
    label: "Job title",
    optional: true,
    autoComplete: "organization-title",
    max: TEAM_MEMBER_FIELD_LIMITS.jobTitle,
  },
  { name: "region", label: "Region", optional: true, autoComplete: "off", max: TEAM_MEMBER_FIELD_LIMITS.region },
];

type Values = Record<FieldName, string>;

/**
 * Add or edit a salesperson. The form validates with the API's own schema, so it refuses
 * exactly what the server refuses; the server's answer (a duplicate email, the trial's
 * limit) is shown in the form, and nothing typed is lost.
 */
export function MemberFormDialog({
  member,
  onClose,
  onLimit,
  returnFocus,
}: {
  member?: TeamMember;
  onClose: () => void;
  onLimit: (message: string) => void;
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const [values, setValues] = useState<Values>({
    firstName: member?.firstName ?? "",
    lastName: member?.lastName ?? "",
    email: member?.email ?? "",
    jobTitle: member?.jobTitle ?? "",
    region: member?.region ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const add = useAddMember();
  const update = useUpdateMember();
  const pending = add.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = zc.safeParse(teamMemberCreateSchema, values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      // Focus the first field in error, so it is read with its error.
      const first = FIELDS.find((field) => next[field.name]);
      if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first.name}"]`)?.focus();
      return;
    }
    setErrors({});
    try {
      if (member) {
        await update.mutateAsync({ id: member.id, patch: parsed.data });
        toast({ title: "Team member updated", description: fullName(parsed.data) });
      } else {
        await add.mutateAsync(parsed.data);
        toast({ title: "Team member added", description: `${fullName(parsed.data)} can now receive check-ins.` });
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "team_member_limit") {
        onLimit(error.message);
        setFormError(error.message);
      } else if (error instanceof ApiRequestError && error.status === 409) {
        setErrors({ email: error.message });
        form.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      } else {
        setFormError(error instanceof Error ? error.message : "Something went wrong. Please try again.");
      }
    }
  };

  return (
    <Modal
      title={member ? `Edit ${fullName(member)}` : "Add a team member"}
      onClose={onClose}
      {...(returnFocus ? { returnFocus } : {})}
    >
      <form
        ref={form}
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-3"
        aria-label={member ? "Edit team member" : "Add team member"}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map((field) => {
            const error = errors[field.name];
            return (
              <Field
                key={field.name}
                label={field.label}
                optional={field.optional ?? false}
                hint={field.hint}
                error={error}
                className={field.name === "email" ? "sm:col-span-2" : ""}
              >
                {(control) => (
                  <input
                    {...control}
                    name={field.name}
                    type={field.type ?? "text"}
                    autoComplete={field.autoComplete}
                    maxLength={field.max}
                    className={`input w-full ${error ? "input-error" : ""}`}
                    value={values[field.name]}
                    onChange={(event) => {
                      const value = event.target.value;
                      setValues((current) => ({ ...current, [field.name]: value }));
                      if (error) setErrors((current) => ({ ...current, [field.name]: undefined }));
                    }}
                  />
                )}
              </Field>
            );
          })}
        </div>
        {formError ? (
          <p role="alert" className="alert alert-error alert-soft text-sm">
            {formError}
          </p>
        ) : null}
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? <span className="loading loading-spinner loading-sm" /> : null}
            {member ? "Save changes" : "Add team member"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
