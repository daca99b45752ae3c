import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Open/closed state of a mobile menu: closes on Escape (returning focus to the
 * toggle), on choosing a link and on any navigation. Shared by the studio
 * header and the demo header.
 */
export function useMenuDisclosure() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, hash } = useLocation();

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((o) => !o), []);

  // Any navigation (including the same link twice) closes the menu.
  useEffect(() => setOpen(false), [pathname, hash]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return { open, toggle, close, toggleRef };
}
