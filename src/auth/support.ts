/** Where people write when setup or billing goes wrong. */
export const SUPPORT_EMAIL = "support@undertone.dev";
