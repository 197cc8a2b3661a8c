import { useState } from "react";
import { saveBlob } from "@/components/ui/download";

/** "JBSWY3DP…" in groups of four, easier to type into an app by hand. */
export const secretGroups = (secret: string) => secret.match(/.{1,4}/g) ?? [secret];

/** The setup key as text: each group unbroken, so a narrow screen wraps only between groups. */
export function SetupKey({ secret }: { secret: string }) {
  const groups = secretGroups(secret);
  return (
    <p className="font-mono" data-testid="totp-secret" data-secret={secret}>
      {groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group's place is its identity (two may read the same).
        <span key={index}>
          <span className="whitespace-nowrap">{group}</span>
          {index < groups.length - 1 ? " " : null}
        </span>
      ))}
    </p>
  );
}

/** The recovery codes as a .txt file: one a line, with what they are for. */
export function recoveryCodesText(codes: readonly string[]): string {
  return `Undertone recovery codes\nEach code signs you in once if you lose your phone.\n\n${codes.join("\n")}\n`;
}

/**
 * The recovery codes, shown once after two factors are turned on, with a copy and a .txt
 * download so they are saved rather than retyped. The copy's result is announced; without
 * clipboard access it says to select them by hand.
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  const download = () =>
    saveBlob(new Blob([recoveryCodesText(codes)], { type: "text/plain" }), "undertone-recovery-codes.txt");
  return (
    <div className="flex flex-col gap-2">
      <ul className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-3 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((backup) => (
          <li key={backup}>{backup}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
          Copy codes
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={download}>
          Download
        </button>
        <span className="text-sm text-soft" aria-live="polite">
          {copied === "copied"
            ? "Copied."
            : copied === "failed"
              ? "Copying is not allowed here: select the codes and copy them."
              : ""}
        </span>
      </div>
    </div>
  );
}
