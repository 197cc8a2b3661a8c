import * as z from "zod/mini";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth";

/** Issue 25 §5: the organization's Admins, their invitations, and its two-factor rule. */
export const ADMIN_INVITATION_DAYS = 7;
export const LAST_ADMIN_MESSAGE =
  "An organization needs at least one Admin. Invite another Admin before removing this one.";
export const INVITATION_INVALID_MESSAGE =
  "This invitation is invalid, has expired or was already used. Ask your colleague to send a new one.";

export const organizationAdminSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  twoFactorEnabled: z.boolean(),
  active: z.boolean(),
  isYou: z.boolean(),
});
export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
  invitedBy: z.nullable(z.string()),
});
export const organizationAdminsResponseSchema = z.object({
  admins: z.array(organizationAdminSchema),
  invitations: z.array(pendingInvitationSchema),
  requireAdminTwoFactor: z.boolean(),
});
export type OrganizationAdmin = z.infer<typeof organizationAdminSchema>;
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export type OrganizationAdminsResponse = z.infer<typeof organizationAdminsResponseSchema>;

export const inviteAdminRequestSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, "Email is required"), z.maxLength(EMAIL_MAX_LENGTH, "Email is too long")),
});
export const twoFactorRuleSchema = z.object({ requireAdminTwoFactor: z.boolean() });
export type TwoFactorRule = z.infer<typeof twoFactorRuleSchema>;

/** The invitation token, from the emailed link; bounded before anything reads it. */
const invitationToken = z.string().check(z.minLength(16), z.maxLength(128));
export const invitationTokenSchema = z.object({ token: invitationToken });
export const invitationSignUpSchema = z.object({
  token: invitationToken,
  firstName: z.string().check(z.trim(), z.minLength(1, "First name is required"), z.maxLength(NAME_MAX_LENGTH)),
  lastName: z.string().check(z.trim(), z.minLength(1, "Last name is required"), z.maxLength(NAME_MAX_LENGTH)),
  password: z
    .string()
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`),
      z.maxLength(PASSWORD_MAX_LENGTH),
    ),
});

export const invitationPreviewSchema = z.object({
  email: z.string(),
  organizationName: z.string(),
  /** Who invited, named as the invitation email names them (null once their account is gone). */
  invitedBy: z.nullable(z.string()),
  /** An account with this address exists: the page offers "Sign in", otherwise "Create account". */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
