import * as z from "zod/mini";
import { dateText } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. Reporting & Exports
 * (/api/admin/reports).
 */
export const REPORT_KINDS = ["organizations", "users", "sentiment", "alerts"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const reportQuerySchema = z.object({ from: dateText, to: dateText });
