import { useEffect } from "react";

/** The browser tab's title while this page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
