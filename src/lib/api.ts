import { errorBodySchema } from "@shared/api-error";
import * as zc from "zod/v4/core";

/** An /api call that failed with the server's `{error: {code, message}}`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Calls the Worker's JSON API and validates the answer with the shared schema, so a
 * response that breaks the contract fails loudly here instead of deep inside a page.
 */
export async function api<Schema extends zc.$ZodType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<zc.output<Schema>> {
  const init: RequestInit = {
    method: options.method ?? "GET",
    credentials: "same-origin",
    headers: options.body === undefined ? {} : { "Content-Type": "application/json" },
  };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  const response = await fetch(path, init);
  const json = await readJson(response);
  if (!response.ok) {
    const parsed = zc.safeParse(errorBodySchema, json);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      throw new ApiRequestError(response.status, code, message, details);
    }
    throw new ApiRequestError(response.status, "http_error", `Request failed (${response.status})`);
  }
  const parsed = zc.safeParse(schema, json);
  if (!parsed.success) {
    throw new ApiRequestError(response.status, "invalid_response", "Unexpected response from the server");
  }
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
