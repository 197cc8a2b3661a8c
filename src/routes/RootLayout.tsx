import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { Toaster } from "@/components/toast/Toaster";

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === "loading" ? (
        <div
          className="fixed inset-x-0 top-0 z-[200] h-0.5 animate-pulse bg-accent"
          role="progressbar"
          aria-label="Loading page"
        />
      ) : null}
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
