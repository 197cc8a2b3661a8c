import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useAuth } from "@/auth/AuthProvider";
import { needsSecondFactor, verifyEmailToken, verifyMagicLinkToken } from "@/auth/auth-api";
import { AUTH_TOASTS, authErrorMessage } from "@/auth/messages";
import { PageLoader } from "@/components/PageLoader";
import { toast } from "@/components/toast/toast-store";

const EMAIL_VERIFICATION_TYPES = new Set(["signup", "email", "email_change", "invite"]);

/**
 * /auth/callback (spec 1 §4): where every emailed link lands. Its parameters decide:
 * error → toast and /login; token_hash + type → verify the link (sign-up: then /login?verified=true;
 * magic link: signed in, on to the app, or to /login for the second factor; recovery: /reset-password); access_token + refresh_token (links from the hosted
 * backend we replaced) → we never put sessions in URLs, so only an existing session counts;
 * otherwise an existing session goes to /dashboard and none to /login.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const handled = useRef(false);

  useEffect(() => {
    document.title = "Signing in — Undertone";
    // Tokens are single-use: run once even under StrictMode's double effects.
    if (handled.current) return;
    handled.current = true;

    const toLogin = (title: string, description?: string) => {
      toast({ title, ...(description ? { description } : {}), variant: "destructive" });
      navigate("/login", { replace: true });
    };
    const toApp = async () => {
      const state = await refresh().catch(() => null);
      if (!state?.isAuthenticated || !state.user)
        return toLogin(AUTH_TOASTS.authenticationRequired.title, AUTH_TOASTS.authenticationRequired.description);
      navigate(state.user.role === "SuperAdmin" ? "/superadmin" : "/dashboard", { replace: true });
    };

    void (async () => {
      const error = params.get("error");
      if (error)
        return toLogin(AUTH_TOASTS.callbackFailed, params.get("error_description") ?? error.replaceAll("_", " "));

      const tokenHash = params.get("token_hash");
      const type = params.get("type");
      if (tokenHash && type) {
        if (EMAIL_VERIFICATION_TYPES.has(type)) {
          const result = await verifyEmailToken(tokenHash);
          if (result.ok) return navigate("/login?verified=true", { replace: true });
          toast({
            title: AUTH_TOASTS.verificationFailed,
            description: authErrorMessage(result.error),
            variant: "destructive",
          });
          return navigate("/auth/verification-error", { replace: true });
        }
        if (type === "magiclink") {
          const result = await verifyMagicLinkToken(tokenHash);
          if (!result.ok) {
            return toLogin(
              AUTH_TOASTS.callbackFailed,
              "This login link is invalid, expired or already used. Please request a new one.",
            );
          }
          // Two factors: the link was the first; the login page asks for the code (aal2).
          if (needsSecondFactor(result.data))
            return navigate("/login", { replace: true, state: { secondFactor: true } });
          toast(AUTH_TOASTS.loginSuccess);
          return toApp();
        }
        // PASSWORD_RECOVERY: the token moves to the history state, out of the address bar.
        if (type === "recovery")
          return navigate("/reset-password", { replace: true, state: { recoveryToken: tokenHash } });
        return toLogin(AUTH_TOASTS.callbackError, `Unsupported link type "${type}".`);
      }

      if (params.get("access_token") || params.get("refresh_token")) {
        const state = await refresh().catch(() => null);
        if (state?.isAuthenticated) return toApp();
        return toLogin(AUTH_TOASTS.callbackError, "This sign-in link is not supported. Please log in.");
      }

      return toApp();
    })().catch(() => toLogin(AUTH_TOASTS.callbackError));
  }, [params, navigate, refresh]);

  return <PageLoader label="Processing authentication..." />;
}
