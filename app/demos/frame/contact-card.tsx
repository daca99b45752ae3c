import { Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type * as React from "react";

import type { DemoSite } from "./types";

type Contact = DemoSite["contact"];
type ContactField = keyof Contact;

const icons: Record<ContactField, LucideIcon> = { address: MapPin, phone: Phone, email: Mail };

/** An email address that may wrap only after its @ (never mid-word) when a phone is too narrow for it. */
export function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 1) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function ContactValue({ field, contact }: { field: ContactField; contact: Contact }) {
  return field === "email" ? <EmailAddress email={contact.email} /> : contact[field];
}

type ContactDetailsProps = {
  contact: Contact;
  labels: Record<ContactField, string>;
  /** Which details, in which order. */
  fields?: readonly ContactField[];
  className?: string;
  itemClassName?: string;
  termClassName?: string;
  valueClassName?: string;
  iconClassName?: string;
  /** Draws the icon in the demo's own badge instead of a bare icon. */
  renderIcon?: (icon: LucideIcon) => React.ReactNode;
  /** More rows of the same list (opening hours). */
  children?: React.ReactNode;
};

/**
 * A business's address, phone and email as a description list, each value read with its
 * label; the demo gives the classes of each part (`data-slot`).
 */
export function ContactDetails({
  contact,
  labels,
  fields = ["address", "phone", "email"],
  className,
  itemClassName,
  termClassName,
  valueClassName,
  iconClassName,
  renderIcon,
  children,
}: ContactDetailsProps) {
  return (
    <dl data-slot="contact-details" className={className}>
      {fields.map((field) => {
        const Icon = icons[field];
        return (
          <div key={field} data-slot="contact-item" className={itemClassName}>
            <dt data-slot="contact-label" className={termClassName}>
              {renderIcon ? renderIcon(Icon) : <Icon aria-hidden className={iconClassName} />}
              {labels[field]}
            </dt>
            <dd data-slot="contact-value" className={valueClassName}>
              <ContactValue field={field} contact={contact} />
            </dd>
          </div>
        );
      })}
      {children}
    </dl>
  );
}

/** Address, phone and email as a plain list of icon lines, for a "visit us" block without labels. */
export function ContactList({
  contact,
  className,
  itemClassName,
  iconClassName,
}: {
  contact: Contact;
  className?: string;
  itemClassName?: string;
  iconClassName?: string;
}) {
  return (
    <ul data-slot="contact-list" className={className}>
      {(["address", "phone", "email"] as const).map((field) => {
        const Icon = icons[field];
        return (
          <li key={field} data-slot="contact-item" className={itemClassName}>
            <Icon aria-hidden className={iconClassName} />
            {field === "address" ? (
              <address className="not-italic">{contact.address}</address>
            ) : (
              <ContactValue field={field} contact={contact} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
