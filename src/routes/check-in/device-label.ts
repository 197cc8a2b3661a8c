import type { DeviceKind, OwnerDevice } from "@shared/checkin-protocol";

/** How the page names a kind of device, in a sentence ("on an iPhone"). */
const LABELS: Record<DeviceKind, string> = {
  iphone: "an iPhone",
  ipad: "an iPad",
  "android-phone": "an Android phone",
  "android-tablet": "an Android tablet",
  mac: "a Mac",
  windows: "a Windows computer",
  linux: "a Linux computer",
  chromebook: "a Chromebook",
  other: "an unrecognised device",
};

export const deviceLabel = (kind: DeviceKind) => LABELS[kind];

export function openedWhen(at: number): string {
  return new Date(at).toLocaleString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** "Started Mon, Nov 23, 7:40 PM on an iPhone" (or where a fresh link moved it). */
export function deviceSentence(owner: OwnerDevice): string {
  const first = `Started ${openedWhen(owner.openedAt)}`;
  if (owner.movedAt === null) return `${first} on ${deviceLabel(owner.kind)}.`;
  return `${first}; moved by a fresh link ${openedWhen(owner.movedAt)} to ${deviceLabel(owner.kind)}.`;
}
