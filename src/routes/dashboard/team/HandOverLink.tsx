import { useId, useRef, useState } from "react";
import { Icon } from "@/components/Icon";

/**
 * A check-in link for a member without an email: the Admin copies it and hands it over.
 * The warning says why that needs care — the first browser to start the check-in from the link owns the chat
 * (README → Chat ownership) — and the copy result is announced (aria-live), so a keyboard or
 * screen-reader user knows it worked. Without clipboard access (an insecure origin, a denied
 * permission) the link is selected in its field so it can be copied by hand.
 */
export const handOverWarning = (firstName: string) =>
  `Whoever starts the check-in from this link first owns the chat. Give it only to ${firstName}, and don't start it yourself.`;

export function HandOverLink({ url, firstName }: { url: string; firstName: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"idle" | "copied" | "manual">("idle");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      field.current?.select();
      setCopied("manual");
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="hand-over-link">
      <label htmlFor={id} className="text-sm font-medium">
        {firstName}'s check-in link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={field}
          id={id}
          type="text"
          readOnly
          value={url}
          aria-describedby={`${id}-warning`}
          className="input input-sm w-full min-w-0 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-sm btn-primary shrink-0" onClick={() => void copy()}>
          <Icon name={copied === "copied" ? "check" : "copy"} className="size-4" />
          Copy link
        </button>
      </div>
      <p
        className={`min-h-5 text-sm ${copied === "copied" ? "text-success" : "text-soft"}`}
        aria-live="polite"
        data-testid="copy-status"
      >
        {copied === "copied" ? "Copied" : copied === "manual" ? "Selected: press Ctrl+C (⌘C on a Mac) to copy." : ""}
      </p>
      <p
        id={`${id}-warning`}
        className="alert alert-warning alert-soft items-start text-sm"
        data-testid="hand-over-warning"
      >
        <Icon name="alert" className="size-4 shrink-0" />
        <span>{handOverWarning(firstName)}</span>
      </p>
    </div>
  );
}
