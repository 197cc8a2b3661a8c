/** What the dashboard's layout hands its pages (the router's child routes of /dashboard). */
export type DashboardOutletContext = {
  /** Opens the plan choice (the Team page's "Upgrade"). */
  choosePlan: () => void;
};
