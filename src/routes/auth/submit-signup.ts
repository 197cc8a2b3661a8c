import { signUp } from "@/auth/auth-api";
import { AUTH_TOASTS, signupErrorMessage } from "@/auth/messages";
import { toast } from "@/components/toast/toast-store";

type SignupRequest = Parameters<typeof signUp>[0];

/**
 * The one sign-up submit of both forms (/signup and the Sign Up tab of /login): the request,
 * then the spec's failure toast or success toast. Resolves to the address the verification
 * email went to, or null when it failed.
 */
export async function submitSignup(request: SignupRequest): Promise<string | null> {
  const result = await signUp(request);
  if (!result.ok) {
    toast({
      title: AUTH_TOASTS.signupFailedTitle,
      description: signupErrorMessage(result.error),
      variant: "destructive",
    });
    return null;
  }
  toast(AUTH_TOASTS.signupSuccess);
  return result.data.user.email;
}
