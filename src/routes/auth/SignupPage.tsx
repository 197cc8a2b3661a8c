import { PASSWORD_MIN_LENGTH, SIGNUP_VALIDATION_TITLE, validateSignup } from "@shared/auth";
import { type FormEvent, useRef, useState } from "react";
import { Link, Navigate } from "react-router";
import { useAuth } from "@/auth/AuthProvider";
import { Icon } from "@/components/Icon";
import { PageLoader } from "@/components/PageLoader";
import { toast } from "@/components/toast/toast-store";
import { InputField as Field } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { AuthShell } from "./AuthShell";
import { errorFor, type FieldProblem, signupProblemField } from "./signup-fields";
import { submitSignup } from "./submit-signup";

type Phase = "form" | "submitting" | "submitted" | "sent";

/**
 * /signup (spec 1 §2, §4, §5): the full form. Each rule is checked in the spec's order and
 * the first failure is a toast; once submitted, the form stays locked until the email
 * changes; a failed sign-up releases the lock; success shows the verification-sent screen.
 */
export function SignupPage() {
  const { isAuthenticated, loading } = useAuth();
  const [fields, setFields] = useState({ firstName: "", lastName: "", email: "", password: "", companyName: "" });
  const [phase, setPhase] = useState<Phase>("form");
  const [sentTo, setSentTo] = useState("");
  const [problem, setProblem] = useState<FieldProblem>(null);
  const form = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);

  useDocumentTitle("Sign up — Undertone");

  if (loading) return <PageLoader label="Loading sign-up…" />;
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;

  const update = (name: keyof typeof fields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setFields((current) => ({ ...current, [name]: value }));
    if (problem?.field === name) setProblem(null);
    // A different address is a new attempt: the lock opens.
    if (name === "email" && phase === "submitted") setPhase("form");
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || phase === "submitting" || phase === "submitted") return;
    const message = validateSignup(fields);
    if (message) {
      toast({ title: SIGNUP_VALIDATION_TITLE, description: message, variant: "destructive" });
      // The toast announces it; the field shows it and takes focus, so it is read with its error.
      const field = signupProblemField(message);
      setProblem(field ? { field, message } : null);
      if (field) form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
      return;
    }
    setProblem(null);
    inFlight.current = true;
    setPhase("submitting");
    const sent = await submitSignup({
      first_name: fields.firstName.trim(),
      last_name: fields.lastName.trim(),
      email: fields.email.trim(),
      password: fields.password,
      company_name: fields.companyName.trim(),
    });
    inFlight.current = false;
    if (!sent) {
      setPhase("form");
      return;
    }
    setSentTo(sent);
    setPhase("sent");
  };

  if (phase === "sent") {
    return (
      <AuthShell
        title="Check your email"
        subtitle={
          <>
            We sent a welcome email to <strong>{sentTo}</strong>.
          </>
        }
      >
        <div className="flex flex-col items-center gap-4 text-center">
          <div className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon name="mail" className="size-8" />
          </div>
          <p className="text-sm text-soft">
            It contains a verification link. Once you have verified your email, log in and you'll go straight to your
            dashboard to finish setting up your team.
          </p>
          <p className="text-xs text-muted">Nothing arrived? Check your spam folder. The link works for 24 hours.</p>
          <Link to="/login" className="btn btn-primary w-full">
            Back to Login
          </Link>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPhase("submitted")}>
            Use a different email
          </button>
        </div>
      </AuthShell>
    );
  }

  const locked = phase === "submitting" || phase === "submitted";
  return (
    <AuthShell
      title="Create your account"
      subtitle="Start your 14-day free trial. No credit card required."
      footer={
        <p className="text-center text-sm text-soft">
          Already have an account?{" "}
          <Link to="/login" className="link link-primary font-medium">
            Log in
          </Link>
        </p>
      }
    >
      <form ref={form} className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Sign up">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            name="firstName"
            error={errorFor(problem, "firstName")}
            announce={false}
            autoComplete="given-name"
            value={fields.firstName}
            onChange={update("firstName")}
          />
          <Field
            label="Last name"
            name="lastName"
            error={errorFor(problem, "lastName")}
            announce={false}
            autoComplete="family-name"
            value={fields.lastName}
            onChange={update("lastName")}
          />
        </div>
        <Field
          label="Work email"
          type="email"
          name="email"
          error={errorFor(problem, "email")}
          announce={false}
          autoComplete="email"
          value={fields.email}
          onChange={update("email")}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          error={errorFor(problem, "password")}
          announce={false}
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={fields.password}
          onChange={update("password")}
        />
        <Field
          label="Company name"
          name="companyName"
          error={errorFor(problem, "companyName")}
          announce={false}
          autoComplete="organization"
          value={fields.companyName}
          onChange={update("companyName")}
        />
        <button type="submit" className="btn btn-primary" disabled={locked} aria-disabled={locked}>
          {phase === "submitting" ? <span className="loading loading-spinner loading-sm" /> : null}
          {phase === "submitting"
            ? "Creating account..."
            : phase === "submitted"
              ? "Account creation in progress..."
              : "Create Account"}
        </button>
        {phase === "submitted" ? (
          <p role="status" className="text-center text-sm text-soft">
            Check your email for the verification link we sent to <strong>{sentTo}</strong>. To sign up with another
            address, change the email above.
          </p>
        ) : null}
        <p className="text-center text-xs text-muted">
          By creating an account you agree to our{" "}
          <Link to="/termsofservice" className="link">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacypolicy" className="link">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthShell>
  );
}
