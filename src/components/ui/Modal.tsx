import { type ReactNode, useId } from "react";
import { ConsoleIcon } from "./icons";
import { ModalFrame } from "./ModalFrame";

/**
 * The one modal of the app (dashboard and console): a bordered header with the title, an
 * optional description and the close button, the body, and an optional footer of actions.
 */
export function Modal({
  title,
  description,
  onClose,
  children,
  footer,
  size = "md",
  returnFocus,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: "md" | "lg" | "xl";
  /** Where focus goes on close when no control opened the dialog (see ModalFrame). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const titleId = useId();
  const width = size === "xl" ? "max-w-5xl" : size === "lg" ? "max-w-3xl" : "max-w-lg";
  return (
    <ModalFrame
      labelledBy={titleId}
      onClose={onClose}
      boxClassName={`${width} max-h-[90vh] p-0`}
      returnFocus={returnFocus}
    >
      <div className="flex items-start justify-between gap-3 border-b border-base-300 px-6 py-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-soft">{description}</p> : null}
        </div>
        <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label="Close" onClick={onClose}>
          <ConsoleIcon name="x" className="size-4" />
        </button>
      </div>
      <div className="px-6 py-5" data-modal-body>
        {children}
      </div>
      {footer ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-base-300 px-6 py-4" data-modal-footer>
          {footer}
        </div>
      ) : null}
    </ModalFrame>
  );
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  busy = false,
  confirmDisabled = false,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** The confirm button alone waits (for what the message needs); Cancel stays usable. */
  confirmDisabled?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          {/* Focus starts on the safe action: every confirmation here deletes, revokes or discards edits. */}
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${destructive ? "btn-error" : "btn-primary"}`}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
          >
            {busy ? <span className="loading loading-spinner loading-sm" /> : null}
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </>
      }
    >
      <div className="text-sm text-soft">{message}</div>
    </Modal>
  );
}
