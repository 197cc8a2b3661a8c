import { PLATFORM_USERS_SCOPE, USER_ROLE_FILTERS, type UserRoleFilter } from "@shared/console/users";
import { roleLabel } from "@shared/domain";
import { formatDate } from "@shared/time";
import { useState } from "react";
import { useAuth } from "@/auth/AuthProvider";
import {
  Badge,
  Card,
  ConsoleIcon,
  DataTable,
  DownloadButton,
  EmptyState,
  ErrorCard,
  FilterSelect,
  ListSkeleton,
  PagedCardBody,
  SearchInput,
  StatCard,
  StatGridSkeleton,
  TabHeader,
  useDebounced,
  useDownload,
  usePage,
} from "@/components/ui";
import { qs, useUserStats, useUsers } from "../console/api";
import { growthRate, percentOf } from "../console/display";
import { BulkInviteDialog } from "./BulkInviteDialog";
import { UserActions } from "./UserActions";

const ROLE_FILTER_LABELS: Record<UserRoleFilter, string> = {
  salesperson: "Sales Reps",
  manager: "Managers",
  admin: "Admins",
  superadmin: "Super Admins",
};

/** Spec 2 §2 User Oversight: the cards, Bulk Invite Users, and a real table of everyone (the spec says coming soon). */
export function UsersTab() {
  const stats = useUserStats();
  const operatorId = useAuth().user?.id;
  const [search, setSearch] = useState("");
  const [role, setRole] = useState<UserRoleFilter | "">("");
  const { page, setPage, filtering } = usePage();
  const debouncedSearch = useDebounced(search.trim());
  const users = useUsers({ search: debouncedSearch, role, page });
  const filtersActive = debouncedSearch !== "" || role !== "";
  const exports = useDownload();
  const [inviting, setInviting] = useState(false);

  const s = stats.data;
  return (
    <div className="space-y-6">
      <TabHeader
        title="User Oversight"
        description="Everyone on the platform: sign-in accounts and the salespeople who answer check-ins."
        actions={
          <>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setInviting(true)}>
              <ConsoleIcon name="users" className="size-4" />
              Bulk Invite Users
            </button>
            <DownloadButton
              busy={exports.pending !== null}
              onClick={() =>
                void exports.download(`/api/admin/users/export${qs({ search: debouncedSearch, role })}`, "users.csv")
              }
            >
              Export
            </DownloadButton>
          </>
        }
      />
      {inviting ? <BulkInviteDialog onClose={() => setInviting(false)} /> : null}

      {stats.isError ? (
        <ErrorCard
          title={`Error loading user statistics: ${stats.error.message}`}
          onRetry={() => void stats.refetch()}
        />
      ) : s ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <StatCard
            testId="users-total"
            label="Total Users"
            value={s.total_users}
            hint={`${PLATFORM_USERS_SCOPE}. ${growthRate(s.total_users, s.total_users - s.new_users_last_30_days)} from last month (${s.total_users - s.new_users_last_30_days}).`}
            icon="users"
          />
          <StatCard
            label="Sales Reps"
            value={s.total_salespeople}
            hint={`${percentOf(s.total_salespeople, s.total_users)}% of total`}
            icon="trendUp"
          />
          <StatCard
            label="Managers"
            value={s.total_managers}
            hint={`${percentOf(s.total_managers, s.total_users)}% of total`}
            icon="building"
          />
          <StatCard
            label="Admins"
            value={s.total_admins}
            hint={`${percentOf(s.total_admins, s.total_users)}% of total`}
            icon="shield"
          />
          <StatCard
            label="Active Users"
            value={s.active_users}
            hint={`${percentOf(s.active_users, s.total_users)}% of total; the rest are paused or deactivated`}
            icon="activity"
          />
          <StatCard
            label="New Users (30 Days)"
            value={s.new_users_last_30_days}
            hint={`${growthRate(s.new_users_last_30_days, s.new_users_previous_30_days)} vs ${s.new_users_previous_30_days} the 30 days before`}
            icon="plus"
          />
        </div>
      ) : (
        <StatGridSkeleton count={6} />
      )}

      <Card
        title={`People (${users.data?.total ?? 0})`}
        actions={
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <SearchInput
              value={search}
              onChange={filtering(setSearch)}
              placeholder="Search name, email or organization…"
              label="Search users"
            />
            <FilterSelect
              className="w-full sm:w-40"
              label="Filter by role"
              value={role}
              onChange={filtering(setRole)}
              allLabel="All roles"
              options={USER_ROLE_FILTERS.map((r) => ({ value: r, label: ROLE_FILTER_LABELS[r] }))}
            />
          </div>
        }
        bodyClassName=""
      >
        <PagedCardBody
          query={users}
          loading={<ListSkeleton rows={8} label="Loading users" />}
          error={(message) => ({ title: `Error loading user statistics: ${message}` })}
          empty={
            <EmptyState
              icon="users"
              title="No users found"
              hint={
                filtersActive ? "Try adjusting your search criteria" : "People appear here as organizations sign up."
              }
            />
          }
          pagination={{ page, onPage: setPage, label: "people" }}
        >
          {(data) => (
            <DataTable
              label="People"
              columns={[
                { label: "Name" },
                { label: "Role" },
                { label: "Organization" },
                { label: "Status" },
                { label: "Joined" },
                { label: "Actions" },
              ]}
            >
              {data.items.map((person) => (
                <tr key={`${person.kind}-${person.id}`} data-testid="user-row">
                  <td className="min-w-52">
                    <p className="font-medium">{person.name}</p>
                    <p className="text-xs text-muted">{person.email ?? "No email"}</p>
                  </td>
                  <td>
                    <div className="flex flex-wrap items-center gap-1">
                      <Badge variant={person.role === "SuperAdmin" ? "default" : "outline"}>
                        {roleLabel(person.role)}
                      </Badge>
                      {person.kind === "team_member" ? <Badge variant="muted">no sign-in</Badge> : null}
                      {person.emailVerified === false ? <Badge variant="warning">unverified</Badge> : null}
                    </div>
                  </td>
                  <td className={person.organizationName ? "" : "text-muted"}>
                    {person.organizationName ?? "No organization"}
                  </td>
                  <td>
                    <Badge variant={person.status === "Active" ? "success" : "muted"}>{person.status}</Badge>
                  </td>
                  <td className="whitespace-nowrap">{formatDate(person.createdAt)}</td>
                  <td>
                    <UserActions person={person} operatorId={operatorId} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </PagedCardBody>
      </Card>
    </div>
  );
}
