import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import type { FaqItem } from "~/content/faq";

/** The FAQ: one answer open at a time, and the open one can be closed (docs/product.md#site-pages). */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion name="faq" className="mx-auto max-w-3xl rounded-2xl border bg-card px-6 shadow-sm">
      {items.map((item) => (
        <AccordionItem key={item.id} id={`faq-${item.id}`}>
          <AccordionTrigger className="text-base sm:text-lg">{item.question}</AccordionTrigger>
          <AccordionContent className="leading-relaxed">{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
