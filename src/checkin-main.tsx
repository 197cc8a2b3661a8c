import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./checkin.css";
import { Toaster } from "./components/toast/Toaster";
import { CheckInPage } from "./routes/check-in/CheckInPage";

/**
 * The check-in link's own entry: a salesperson on a phone downloads React and the chat,
 * not the router, the query cache or the dashboards. The Worker serves checkin.html for
 * /check-in/*; the SPA router also registers the route for in-app navigation.
 */
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from checkin.html");

createRoot(root).render(
  <StrictMode>
    <CheckInPage />
    <Toaster />
  </StrictMode>,
);
