import { useEffect, useState } from "react";
import type { ExternalToast } from "sonner";
import type * as ToasterExports from "./toaster";

/**
 * Toasts without sonner on first load: only the payment form raises one (the
 * demos' inert buttons use the inline notice of lib/page-enhancements.ts), so
 * sonner (~9 KB gzipped) and its Toaster load the first time a toast is asked
 * for (or when warmed, see `warmToaster`).
 * `LazyToaster` sits in the root layout and mounts the real Toaster then;
 * sonner replays toasts created before its Toaster subscribed, so none is lost.
 */
type ToasterModule = typeof ToasterExports;

let loading: Promise<ToasterModule> | undefined;
const mounters = new Set<() => void>();

function loadToaster() {
  if (!loading) {
    loading = import("./toaster").catch((error: unknown) => {
      // A failed chunk load (e.g. offline) may be retried by the next toast.
      loading = undefined;
      throw error;
    });
    for (const mount of mounters) mount();
  }
  return loading;
}

/**
 * Loads and mounts the Toaster ahead of a likely toast (the payment form gets
 * focus), so its live region is in the page before the first message and
 * screen readers announce it.
 */
export function warmToaster() {
  loadToaster().catch(() => {});
}

function show(kind: "error" | "info" | "success", message: string, data?: ExternalToast) {
  loadToaster()
    .then((m) => m.toast[kind](message, data))
    .catch(() => {});
}

/** The subset of sonner's `toast` the site uses, same signatures. */
export const toast = {
  error: (message: string, data?: ExternalToast) => show("error", message, data),
  info: (message: string, data?: ExternalToast) => show("info", message, data),
  success: (message: string, data?: ExternalToast) => show("success", message, data),
};

/** Renders nothing until a toast is requested, then the site's Toaster. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ToasterModule["Toaster"] | null>(null);
  useEffect(() => {
    let active = true;
    const mount = () => {
      loading?.then((m) => active && setToaster(() => m.Toaster)).catch(() => {});
    };
    mounters.add(mount);
    // A toast may have been requested before this effect ran (e.g. during hydration).
    mount();
    return () => {
      active = false;
      mounters.delete(mount);
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
