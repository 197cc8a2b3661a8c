import type { ReactNode } from "react";

/** Eyebrow, h2 and lead paragraph shared by the landing sections. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  inverted = false,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  align?: "center" | "left";
  inverted?: boolean;
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p className={`text-sm font-semibold tracking-wide uppercase ${inverted ? "text-accent" : "text-primary"}`}>
        {eyebrow}
      </p>
      <h2
        id={`${id}-title`}
        className={`mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${inverted ? "text-white" : ""}`}
      >
        {title}
      </h2>
      {children ? (
        <p
          className={`mt-4 text-base leading-relaxed text-pretty sm:text-lg ${inverted ? "text-neutral-muted" : "text-soft"}`}
        >
          {children}
        </p>
      ) : null}
    </div>
  );
}

export const container = "mx-auto max-w-6xl px-5 sm:px-6 lg:px-8";
