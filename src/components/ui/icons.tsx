import { icons, StrokeIcon } from "@/components/Icon";

/** The console's icons: the app's set (see Icon) and the console's own, on the same 24-unit grid. */
const paths = {
  ...icons,
  trendUp: icons.trend,
  overview: "M4 13h6V4H4zm10 7h6v-9h-6zM4 20h6v-4H4zm10-13h6V4h-6z",
  building: "M4 21V5l8-2v18M12 8h8v13M8 8h.01M8 12h.01M8 16h.01M16 12h.01M16 16h.01M2 21h20",
  clipboard: "M9 4h6v3H9zM7 5H5v16h14V5h-2M9 12h6m-6 4h4",
  card: "M3 6h18v12H3zm0 4h18M7 15h3",
  download: "M12 4v11m-5-5 5 5 5-5M5 20h14",
  map: "M9 4 3 6v14l6-2 6 2 6-2V4l-6 2zm0 0v14m6-12v14",
  settings:
    "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm7.4 6a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 14H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1A2 2 0 1 1 7 4.2l.1.1A1.7 1.7 0 0 0 10 3.1V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1A1.7 1.7 0 0 0 21 10h.1a2 2 0 1 1 0 4H21a1.7 1.7 0 0 0-1.6 1z",
  lifebuoy:
    "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM5.6 5.6l3.6 3.6m5.6 5.6 3.6 3.6m0-12.8-3.6 3.6m-5.6 5.6-3.6 3.6",
  scroll: "M8 4h11v13a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3v-1h12v1a3 3 0 0 0 3 3M8 4a3 3 0 0 0-3 3v9M11 8h5m-5 4h5",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4m-4-4h11",
  chevronLeft: "m15 6-6 6 6 6",
  chevronRight: "m9 6 6 6-6 6",
  search: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4-4",
  refresh: "M20 11a8 8 0 0 0-14.9-3M4 4v4h4m-4 5a8 8 0 0 0 14.9 3M20 20v-4h-4",
  plus: "M12 5v14M5 12h14",
  pencil: "m4 20 4-1L19 8l-3-3L5 16zM14 7l3 3",
  trash: "M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13",
  upload: "M12 20V9m-5 5 5-5 5 5M5 4h14",
  trendDown: "m3 7 6 6 4-4 8 8m-6 0h6v-6",
  minus: "M5 12h14",
  database:
    "M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3",
  eye: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  activity: "M3 12h4l3-8 4 16 3-8h4",
} as const;

export type ConsoleIconName = keyof typeof paths;

export function ConsoleIcon({ name, className, label }: { name: ConsoleIconName; className?: string; label?: string }) {
  return <StrokeIcon path={paths[name]} className={className} label={label} />;
}
