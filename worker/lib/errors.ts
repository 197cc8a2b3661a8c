import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "../shared/api-error";
import { log } from "./log";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, details?: unknown) => new ApiError(400, "bad_request", message, details);
export const unauthorized = (message = "Authentication required") => new ApiError(401, "unauthorized", message);
export const forbidden = (message = "You do not have access to this resource") =>
  new ApiError(403, "forbidden", message);
export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
/** What an /api path without a route answers (also routes that exist only in development). */
export const noApiRoute = (request: Request) =>
  notFound(`No API route for ${request.method} ${new URL(request.url).pathname}`);
export const conflict = (message: string) => new ApiError(409, "conflict", message);
export const tooManyRequests = (message = "Too many requests. Please wait a moment and try again.") =>
  new ApiError(429, "rate_limited", message);

export function errorJson(c: Context, status: ContentfulStatusCode, code: string, message: string, details?: unknown) {
  const body: ApiErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  return c.json(body, status);
}

const HTTP_CODES: Partial<Record<number, string>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/**
 * Maps anything thrown in a route to the JSON error shape. Client mistakes keep their 4xx;
 * only our own faults become 500, logged with the request id but never with the body.
 */
export function handleError(err: unknown, c: Context) {
  if (err instanceof ApiError) return errorJson(c, err.status, err.code, err.message, err.details);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return errorJson(c, status, HTTP_CODES[status] ?? "http_error", err.message || "Request failed");
  }
  const requestId = c.get("requestId" as never) as string | undefined;
  log("error", "request_failed", { requestId, path: new URL(c.req.url).pathname, error: err });
  return errorJson(c, 500, "internal_error", "An unexpected error occurred. Please try again.");
}
