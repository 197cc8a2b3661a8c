import { type ReactNode, useId } from "react";
import { ModalFrame } from "@/components/ui/ModalFrame";

/** The dashboard's modal: a bold title with a close button, and the content below. */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  return (
    <ModalFrame labelledBy={titleId} onClose={onClose} boxClassName={wide ? "sm:max-w-2xl" : ""}>
      <div className="mb-4 flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square -mt-1 -mr-2"
          aria-label="Close"
          onClick={onClose}
        >
          ✕
        </button>
      </div>
      {children}
    </ModalFrame>
  );
}
