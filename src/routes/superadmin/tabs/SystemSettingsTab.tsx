import type { ProviderStatus } from "@shared/console/system";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Badge, Card, ConsoleIcon, type ConsoleIconName, ErrorCard, ListSkeleton, TabHeader } from "@/components/ui";
import { adminKeys, useSystemStatus } from "../console/api";
import { formatTimestamp } from "../console/display";

/**
 * System Settings (the spec leaves it 'will be implemented here'): which AI, email and
 * payment providers are configured and, on request, reachable. Secrets never leave the
 * server; this shows only whether they are set.
 */
export function SystemSettingsTab() {
  const [probe, setProbe] = useState(false);
  const status = useSystemStatus(probe);
  const queryClient = useQueryClient();
  const data = status.data;

  const check = () => {
    if (probe) void queryClient.invalidateQueries({ queryKey: [...adminKeys.system, true] });
    else setProbe(true);
  };

  return (
    <div className="space-y-6">
      <TabHeader
        title="System Settings"
        description="Provider configuration comes from the Worker's secrets (wrangler secret put); nothing secret is shown here."
        actions={
          <button type="button" className="btn btn-primary btn-sm" onClick={check} disabled={status.isFetching}>
            {status.isFetching ? (
              <span className="loading loading-spinner loading-xs" />
            ) : (
              <ConsoleIcon name="refresh" className="size-4" />
            )}
            Check connectivity
          </button>
        }
      />
      {status.isPending ? (
        <ListSkeleton rows={6} label="Checking providers" />
      ) : status.isError ? (
        <ErrorCard
          title="Could not read the system status"
          message={status.error.message}
          onRetry={() => void status.refetch()}
        />
      ) : data ? (
        <>
          <div className="grid gap-4 lg:grid-cols-3">
            <ProviderCard
              icon="sparkle"
              title="AI provider"
              status={data.ai}
              probed={probe}
              rows={[
                [
                  "Provider",
                  data.ai.provider === "openai-compatible" ? "OpenAI-compatible" : "Embedded interviewer (offline)",
                ],
                ["Model", data.ai.model ?? "—"],
                ["Host", data.ai.host ?? "—"],
                ["Key (OPENAI_API_KEY)", data.ai.configured ? "Set" : "Not set"],
              ]}
            />
            <ProviderCard
              icon="mail"
              title="Email"
              status={data.email}
              probed={probe}
              rows={[
                ["Transport", data.email.provider === "http" ? "HTTP provider" : "Local outbox (/dev/mailbox)"],
                ["From", data.email.from ?? "—"],
                ["Key (EMAIL_API_KEY)", data.email.configured ? "Set" : "Not set"],
                ["Queued now", String(data.email.queued)],
                ["Failed in 7 days", String(data.email.failedLast7Days)],
              ]}
            />
            <ProviderCard
              icon="card"
              title="Payments"
              status={data.payments}
              probed={probe}
              rows={[
                ["Provider", "Stripe"],
                ["Secret key", data.payments.configured ? "Set" : "Not set"],
                ["Price (STRIPE_PRICE_ID)", data.payments.priceConfigured ? "Set" : "Not set"],
                ["Webhook secret", data.payments.webhookConfigured ? "Set" : "Not set"],
              ]}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title="Platform">
              <Rows
                rows={[
                  ["Environment", data.environment],
                  ["Version", data.version],
                  [
                    "Database (D1)",
                    data.database.reachable ? `Reachable · ${data.database.latencyMs} ms` : "Unreachable",
                  ],
                  ["Checked", formatTimestamp(data.checkedAt)],
                ]}
              />
            </Card>
            <Card title="Authentication">
              <Rows
                rows={[
                  ["Session secret (BETTER_AUTH_SECRET)", data.auth.secretConfigured ? "Set" : "Not set"],
                  ["Public URL (BETTER_AUTH_URL)", data.auth.publicUrl ?? "Not set"],
                  ["Allowlisted operators (SUPERADMIN_EMAILS)", String(data.auth.operatorCount)],
                ]}
              />
            </Card>
          </div>
        </>
      ) : null}
    </div>
  );
}

function ProviderCard({
  icon,
  title,
  status,
  probed,
  rows,
}: {
  icon: ConsoleIconName;
  title: string;
  status: ProviderStatus;
  probed: boolean;
  rows: [string, string][];
}) {
  const badge: ReactNode = !status.configured ? (
    <Badge variant="muted">Not configured</Badge>
  ) : status.reachable === null ? (
    <Badge variant="secondary">Configured</Badge>
  ) : status.reachable ? (
    <Badge variant="success">Reachable</Badge>
  ) : (
    <Badge variant="destructive">Unreachable</Badge>
  );
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <ConsoleIcon name={icon} className="size-5 text-primary" />
          {title}
        </span>
      }
      actions={badge}
    >
      <Rows rows={rows} />
      <p className="mt-3 text-sm text-soft" data-testid={`provider-${title}`}>
        {status.detail}
        {status.configured && !probed ? " · Press 'Check connectivity' to test it." : ""}
      </p>
    </Card>
  );
}

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="divide-y divide-base-300 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 py-1.5">
          <dt className="text-soft">{label}</dt>
          <dd className="text-right font-medium break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
