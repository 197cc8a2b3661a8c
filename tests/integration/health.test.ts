import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { request as api } from "./helpers";

describe("GET /api/health", () => {
  it("reports the version and a reachable, migrated D1", async () => {
    const response = await api("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/.+/);
    const body = await response.json();
    expect(body).toMatchObject({
      status: "ok",
      version: "0.1.0",
      database: { reachable: true, migrated: true },
    });
  });

  it("is degraded while one shard is not migrated: every database must be (worker/db/shards.ts)", async () => {
    // This file's own storage: the shard loses its schema's anchor table (nothing refers to a row of it yet).
    await env.DB_SHARD_1.prepare("DROP TABLE organizations").run();
    const response = await api("/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "degraded", database: { reachable: true, migrated: false } });
  });
});

describe("JSON errors", () => {
  it("answers 404 JSON for an unknown /api path", async () => {
    const response = await api("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No API route for GET /api/does-not-exist" },
    });
  });
});
