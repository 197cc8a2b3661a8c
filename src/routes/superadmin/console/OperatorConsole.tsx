import { useSearchParams } from "react-router";
import { SiteMapTab } from "../site-map/SiteMapTab";
import { AlertsTab } from "../tabs/AlertsTab";
import { AuditTab } from "../tabs/AuditTab";
import { BillingTab } from "../tabs/BillingTab";
import { BusinessesTab } from "../tabs/BusinessesTab";
import { CheckInConfigTab } from "../tabs/checkins/CheckInConfigTab";
import { OverviewTab } from "../tabs/OverviewTab";
import { ReportingTab } from "../tabs/ReportingTab";
import { SentimentTab } from "../tabs/SentimentTab";
import { SupportTab } from "../tabs/SupportTab";
import { SystemSettingsTab } from "../tabs/SystemSettingsTab";
import { UsersTab } from "../tabs/UsersTab";
import { type ConsoleOperator, ConsoleShell } from "./ConsoleShell";
import { type ConsoleTabId, isConsoleTab } from "./display";

/** One tab at a time, overview by default; the tab lives in the URL (?tab=) so it survives a reload. */
export function OperatorConsole({
  operator,
  onSignOut,
  signingOut,
}: {
  operator: ConsoleOperator;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: ConsoleTabId = isConsoleTab(requested) ? requested : "overview";
  const openTab = (next: ConsoleTabId) => {
    setParams(next === "overview" ? {} : { tab: next });
    window.scrollTo({ top: 0 });
  };

  return (
    <ConsoleShell operator={operator} tab={tab} onTab={openTab} onSignOut={onSignOut} signingOut={signingOut}>
      {tab === "overview" ? <OverviewTab onOpenTab={openTab} /> : null}
      {tab === "businesses" ? <BusinessesTab /> : null}
      {tab === "users" ? <UsersTab /> : null}
      {tab === "sentiment" ? <SentimentTab /> : null}
      {tab === "checkins" ? <CheckInConfigTab /> : null}
      {tab === "billing" ? <BillingTab /> : null}
      {tab === "alerts" ? <AlertsTab /> : null}
      {tab === "reporting" ? <ReportingTab /> : null}
      {tab === "sitemap" ? <SiteMapTab /> : null}
      {tab === "settings" ? <SystemSettingsTab /> : null}
      {tab === "support" ? <SupportTab /> : null}
      {tab === "audit" ? <AuditTab /> : null}
    </ConsoleShell>
  );
}
