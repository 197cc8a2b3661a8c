/**
 * /check-in/{id}: the lean check-in entry (checkin.html) instead of the SPA's index.html,
 * so the salesperson's phone loads only React and the chat.
 */
export function serveCheckInPage(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = "/checkin.html";
  url.search = "";
  return env.ASSETS.fetch(new Request(url, { headers: request.headers }));
}
