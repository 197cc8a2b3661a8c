import { Link } from "react-router";
import { LogoMark } from "./LogoMark";

export function Logo({ to = "/", inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-semibold tracking-tight" aria-label="Undertone home">
      <LogoMark inverted={inverted} />
      <span className={`text-lg ${inverted ? "text-white" : "text-base-content"}`}>Undertone</span>
    </Link>
  );
}
