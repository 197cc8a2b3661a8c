import { PASSWORD_MIN_LENGTH, validateSimpleSignup } from "@shared/auth";
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "@/auth/AuthProvider";
import { needsSecondFactor, requestMagicLink, signInWithPassword } from "@/auth/auth-api";
import { AUTH_TOASTS, authErrorMessage, loginErrorMessage } from "@/auth/messages";
import type { LoginLocationState } from "@/auth/ProtectedRoute";
import { toast } from "@/components/toast/toast-store";
import { InputField as Field, useTabs } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { AuthShell } from "./AuthShell";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { SecondFactorForm } from "./SecondFactorForm";
import { errorFor, type FieldProblem, type SignupField, signupProblemField } from "./signup-fields";
import { submitSignup } from "./submit-signup";

const TABS = ["login", "signup"] as const;
type Tab = (typeof TABS)[number];

/** Where to go after signing in: the page that sent the visitor here, else /dashboard. */
function destinationFrom(state: unknown): string {
  const from = (state as LoginLocationState | null)?.from;
  // Only paths inside this app; never back to /login, never a protocol-relative URL.
  if (!from?.pathname.startsWith("/") || from.pathname.startsWith("//") || from.pathname === "/login") {
    return "/dashboard";
  }
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/** /login (spec 1 §2): Log In and Sign Up tabs, magic link, the verified=true toast. */
export function LoginPage() {
  const { isAuthenticated, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>("login");
  // After a magic link the callback page sends here with the second factor still to give.
  const [step, setStep] = useState<"form" | "second-factor" | "forgot">(
    (location.state as { secondFactor?: boolean } | null)?.secondFactor ? "second-factor" : "form",
  );
  const verifiedToastShown = useRef(false);
  const tabsId = useId();
  const tabProps = useTabs(TABS, tab, setTab);
  const destination = destinationFrom(location.state);
  const justSignedIn = useRef(false);

  useDocumentTitle("Log in — Undertone");

  useEffect(() => {
    if (params.get("verified") !== "true" || verifiedToastShown.current) return;
    verifiedToastShown.current = true;
    toast(AUTH_TOASTS.emailVerified);
    const next = new URLSearchParams(params);
    next.delete("verified");
    setParams(next, { replace: true, state: location.state });
  }, [params, setParams, location.state]);

  // The form shows while the session is still being checked (a visitor without a cached
  // profile is almost always signed out; waiting for /api/me delayed it on a slow phone);
  // a session sends them on.
  if (isAuthenticated && !justSignedIn.current) return <Navigate to={destination} replace />;

  const onSignedIn = async () => {
    justSignedIn.current = true;
    await refresh().catch(() => undefined);
    toast(AUTH_TOASTS.loginSuccess);
    navigate(destination, { replace: true });
  };

  if (step !== "form") {
    return (
      <AuthShell
        title={step === "forgot" ? "Forgot your password?" : "One more step"}
        subtitle={
          step === "forgot"
            ? "We'll email you a link to choose a new one."
            : "Your account is protected with two-factor authentication."
        }
      >
        {step === "forgot" ? (
          <ForgotPasswordForm onBack={() => setStep("form")} />
        ) : (
          <SecondFactorForm onVerified={onSignedIn} onCancel={() => setStep("form")} />
        )}
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={tab === "login" ? "Welcome back" : "Create your account"}
      subtitle={tab === "login" ? "Log in to see how your team is really doing." : "Start with a 14-day free trial."}
      footer={
        <p className="text-center text-sm text-soft">
          Setting up your company?{" "}
          <Link to="/signup" className="link link-primary font-medium">
            Use the full sign-up
          </Link>
        </p>
      }
    >
      <div role="tablist" aria-label="Log in or sign up" className="tabs tabs-box grid grid-cols-2">
        {(
          [
            ["login", "Log In"],
            ["signup", "Sign Up"],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            {...tabProps(value)}
            id={`${tabsId}-${value}-tab`}
            aria-controls={`${tabsId}-${value}-panel`}
            className={`tab ${tab === value ? "tab-active" : ""}`}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}-tab`}>
        {tab === "login" ? (
          <LoginForm
            onSignedIn={onSignedIn}
            onSecondFactor={() => setStep("second-factor")}
            onForgot={() => setStep("forgot")}
          />
        ) : (
          <SimpleSignupForm />
        )}
      </div>
    </AuthShell>
  );
}

const MAGIC_LINK_NEEDS_EMAIL = "Enter your email address first.";

function LoginForm({
  onSignedIn,
  onSecondFactor,
  onForgot,
}: {
  onSignedIn: () => Promise<void>;
  onSecondFactor: () => void;
  onForgot: () => void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [sendingLink, setSendingLink] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // /login is prerendered: what was typed before the page's script ran is in the inputs but
  // not in state (the Log In button would stay disabled over a filled form). Take it over
  // right after hydration, before any click is handled.
  useLayoutEffect(() => {
    const typedEmail = emailInput.current?.value ?? "";
    const typedPassword = passwordInput.current?.value ?? "";
    if (typedEmail) setEmail(typedEmail);
    if (typedPassword) setPassword(typedPassword);
  }, []);
  const canSubmit = email.trim() !== "" && password !== "" && !submitting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    const result = await signInWithPassword(email, password);
    if (!result.ok) {
      setSubmitting(false);
      toast({
        title: AUTH_TOASTS.loginFailedTitle,
        description: loginErrorMessage(result.error),
        variant: "destructive",
      });
      return;
    }
    if (needsSecondFactor(result.data)) return onSecondFactor();
    await onSignedIn();
  };

  const sendMagicLink = async () => {
    // The input's own value too: typed before hydration, it may not be in state yet.
    const address = email || emailInput.current?.value || "";
    if (!address.trim()) {
      toast({ title: AUTH_TOASTS.magicLinkFailedTitle, description: MAGIC_LINK_NEEDS_EMAIL, variant: "destructive" });
      // The toast announces it; the field shows it and takes focus.
      setEmailError(MAGIC_LINK_NEEDS_EMAIL);
      emailInput.current?.focus();
      return;
    }
    setSendingLink(true);
    const result = await requestMagicLink(address);
    setSendingLink(false);
    if (result.ok) toast(AUTH_TOASTS.magicLinkSent);
    else
      toast({
        title: AUTH_TOASTS.magicLinkFailedTitle,
        description: authErrorMessage(result.error),
        variant: "destructive",
      });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <Field
        ref={emailInput}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        error={emailError}
        announce={false}
        onChange={(e) => {
          setEmail(e.target.value);
          setEmailError(null);
        }}
      />
      <Field
        ref={passwordInput}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="button" className="link link-primary -mt-2 self-end text-sm" onClick={onForgot}>
        Forgot password?
      </button>
      <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
        {submitting ? <span className="loading loading-spinner loading-sm" /> : null}
        {submitting ? "Logging in..." : "Log In"}
      </button>
      <div className="divider my-0 text-xs text-muted">or</div>
      <button type="button" className="btn btn-outline" onClick={sendMagicLink} disabled={sendingLink}>
        {sendingLink ? <span className="loading loading-spinner loading-sm" /> : null}
        Email me a login link
      </button>
      <p className="text-center text-xs text-muted">
        We'll email a one-time link to the address above. No password needed.
      </p>
    </form>
  );
}

function SimpleSignupForm() {
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<FieldProblem>(null);
  const canSubmit = email.trim() !== "" && password.length >= PASSWORD_MIN_LENGTH && !submitting;
  const edited = (field: SignupField) => {
    if (problem?.field === field) setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = validateSimpleSignup({ firstName, lastName, email, password });
    if (message) {
      toast({ title: AUTH_TOASTS.signupFailedTitle, description: message, variant: "destructive" });
      const field = signupProblemField(message);
      setProblem(field ? { field, message } : null);
      return;
    }
    setProblem(null);
    setSubmitting(true);
    const sent = await submitSignup({
      email: email.trim(),
      password,
      first_name: firstName.trim(),
      last_name: lastName.trim(),
    });
    setSubmitting(false);
    if (sent) setSentTo(sent);
  };

  if (sentTo) {
    return (
      <div role="status" className="alert alert-success alert-soft flex-col items-start text-sm">
        <p className="font-semibold">Check your email</p>
        <p>
          We sent a verification link to <strong>{sentTo}</strong>. Open it to activate your account, then log in.
        </p>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="First name (optional)"
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          error={errorFor(problem, "firstName")}
          announce={false}
          onChange={(e) => {
            setFirstName(e.target.value);
            edited("firstName");
          }}
        />
        <Field
          label="Last name (optional)"
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          error={errorFor(problem, "lastName")}
          announce={false}
          onChange={(e) => {
            setLastName(e.target.value);
            edited("lastName");
          }}
        />
      </div>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        error={errorFor(problem, "email")}
        announce={false}
        onChange={(e) => {
          setEmail(e.target.value);
          edited("email");
        }}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={password}
        error={errorFor(problem, "password")}
        announce={false}
        onChange={(e) => {
          setPassword(e.target.value);
          edited("password");
        }}
      />
      <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
        {submitting ? <span className="loading loading-spinner loading-sm" /> : null}
        {submitting ? "Creating account..." : "Create Account"}
      </button>
    </form>
  );
}
