import { DurableObject } from "cloudflare:workers";

/** One object per check-in conversation (filled in by the check-in feature). */
export class CheckInSession extends DurableObject<Env> {
  override async fetch(_request: Request): Promise<Response> {
    return new Response("Check-in session not found", { status: 404 });
  }
}
