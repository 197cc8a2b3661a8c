import { type ReactNode, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ConsoleIcon } from "./icons";

/**
 * The console's exports: `download` fetches a file from the API and saves it; a failure is
 * the "Export failed" toast. `pending` names the download under way (its `key`, else its
 * path), for the busy button.
 */
export function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  const download = async (path: string, fallbackName: string, key = path): Promise<boolean> => {
    setPending(key);
    try {
      await downloadFromApi(path, fallbackName);
      return true;
    } catch (error) {
      toast({
        title: "Export failed",
        description: error instanceof Error ? error.message : "Please try again.",
        variant: "destructive",
      });
      return false;
    } finally {
      setPending(null);
    }
  };
  return { pending, download };
}

/** An export button: the download icon, a spinner in its place while busy. */
export function DownloadButton({
  busy,
  disabled = false,
  onClick,
  className = "",
  testId,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${className}`}
      onClick={onClick}
      disabled={busy || disabled}
      data-testid={testId}
    >
      {busy ? (
        <span className="loading loading-spinner loading-xs" />
      ) : (
        <ConsoleIcon name="download" className="size-4" />
      )}
      {children}
    </button>
  );
}

/**
 * Downloads a file from the API (CSV, JSON) with the session cookie, so a failure shows as
 * a toast instead of a browser error page; the name comes from Content-Disposition.
 */
async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) {
    let message = `Download failed (${response.status})`;
    try {
      const body = (await response.json()) as { error?: { message?: string } };
      if (body.error?.message) message = body.error.message;
    } catch {
      // Not JSON: keep the status message.
    }
    throw new Error(message);
  }
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
