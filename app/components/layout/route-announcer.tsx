import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation, moves focus to the new page (or to the
 * anchor it targets) and announces its title, as a full page load would.
 * Scrolling itself is React Router's <ScrollRestoration>: top on a new page,
 * the anchor on hash links, the old position on back/forward.
 */
export function RouteAnnouncer() {
  const { pathname, hash } = useLocation();
  const [message, setMessage] = useState("");
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      const target = anchor ?? document.getElementById("main");
      if (target) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      }
      setMessage(document.title);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      role="status"
      className="sr-only"
      data-testid="route-announcer"
    >
      {message}
    </div>
  );
}
