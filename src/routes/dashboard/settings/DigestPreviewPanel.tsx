import { LoadError, Panel, PanelSkeleton } from "@/components/ui";
import { useDigestPreview } from "../data/notifications";

/** This week's digest exactly as the email would show it now (rendered in a sandboxed frame). */
export function DigestPreviewPanel() {
  const preview = useDigestPreview();
  return (
    <Panel
      title="This week's digest"
      subtitle="What admins and your Slack channel receive on Monday at 08:00, as it stands right now."
      testId="digest-preview"
    >
      {preview.isError ? (
        <LoadError message="We couldn't build the preview." onRetry={() => preview.refetch()} />
      ) : !preview.data ? (
        <PanelSkeleton rows={2} />
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            <span className="text-muted">Subject:</span> {preview.data.subject}
          </p>
          <iframe
            title="Weekly digest preview"
            className="h-[560px] w-full rounded-box border border-base-300 bg-white"
            sandbox=""
            srcDoc={preview.data.html}
          />
        </div>
      )}
    </Panel>
  );
}
