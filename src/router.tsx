import { createBrowserRouter } from "react-router";
import { appRoutes } from "./app-routes";

/** The SPA's router; its routes (src/app-routes.tsx) are the ones the Site Map lists. */
export const createAppRouter = () => createBrowserRouter(appRoutes);
