import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Toasts dismiss by themselves and can be swiped away (docs/product.md#payment); timings are sonner's defaults. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans" } }}
      {...props}
    />
  );
}

export { toast } from "sonner";
