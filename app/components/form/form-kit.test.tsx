import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";

import { CheckboxField, Field, FieldError, FormAlert, hydratedFormProps, useHydrated } from "./index";

describe("Field", () => {
  it("labels its control, marked required for assistive technology too", () => {
    render(
      <Field id="f-name" label="Name" required>
        <Input name="name" />
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: /^name\s*\(required\)$/i });
    expect(input).toHaveAttribute("id", "f-name");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
  });

  it("shows its error inline under the control, which is invalid and described by it", () => {
    render(
      <Field id="f-email" label="Email" error="Please enter a valid email address.">
        <Input type="email" name="email" />
      </Field>,
    );
    const input = screen.getByLabelText("Email");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-describedby", "f-email-error");
    expect(input).toHaveAccessibleDescription("Please enter a valid email address.");
    const error = document.getElementById("f-email-error");
    expect(error).toHaveAttribute("data-slot", "field-error");
    // Under the control, in the field's own box.
    expect(input.compareDocumentPosition(error!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(error?.closest("[data-slot=field]")).toBe(input.closest("[data-slot=field]"));
  });

  it("reads the hint then the error, for a select and a textarea alike", () => {
    render(
      <>
        <Field id="f-kind" label="Kind" hint="Pick the closest." error="Choose one.">
          <Select name="kind" options={[{ value: "a", label: "A" }]} placeholder="Select" />
        </Field>
        <Field id="f-body" label="Message" hint="A few lines.">
          <Textarea name="body" />
        </Field>
      </>,
    );
    expect(screen.getByLabelText("Kind")).toHaveAttribute("aria-describedby", "f-kind-hint f-kind-error");
    expect(screen.getByLabelText("Kind")).toHaveAccessibleDescription("Pick the closest. Choose one.");
    expect(screen.getByLabelText("Message")).toHaveAttribute("aria-describedby", "f-body-hint");
    expect(screen.getByLabelText("Message")).not.toHaveAttribute("aria-invalid");
  });

  it("lets the control's own props win, and leaves a control outside a field alone", () => {
    render(
      <>
        <Field id="f-amount" label="Amount" error="Too small.">
          <Input name="amount" aria-describedby="custom" />
        </Field>
        <Input aria-label="Loose" />
      </>,
    );
    expect(screen.getByLabelText("Amount")).toHaveAttribute("aria-describedby", "custom");
    expect(screen.getByLabelText("Amount")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Loose")).not.toHaveAttribute("id");
  });

  it("renders no error line when there is no error, and the error's text word for word when there is", () => {
    const { rerender } = render(
      <Field id="f-x" label="X">
        <Input />
      </Field>,
    );
    expect(document.querySelector("[data-slot=field-error]")).toBeNull();
    rerender(
      <Field id="f-x" label="X" error="Please enter a valid amount" errorProps={{ role: "alert" }}>
        <Input />
      </Field>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(/^Please enter a valid amount$/);
  });

  it("FieldError outside a field is a plain error line", () => {
    render(<FieldError>Tick the box.</FieldError>);
    expect(screen.getByText("Tick the box.")).toHaveAttribute("data-slot", "field-error");
  });
});

describe("FormAlert", () => {
  function Outcome() {
    const [message, setMessage] = useState<string | null>(null);
    return (
      <>
        <button type="button" onClick={() => setMessage("Wrong email or password.")}>
          Send
        </button>
        <FormAlert id="outcome" tone="error">
          {message}
        </FormAlert>
      </>
    );
  }

  it("shows an outcome as an alert and moves focus to it when it appears", async () => {
    const user = userEvent.setup();
    render(<Outcome />);
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send" }));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Wrong email or password.");
    expect(alert).toHaveFocus();
    expect(alert).toHaveAttribute("data-tone", "error");
  });

  it("does not take focus when it is hydrated already showing an answer", () => {
    render(<FormAlert tone="error">Refused.</FormAlert>);
    expect(screen.getByRole("alert")).not.toHaveFocus();
  });

  it("keeps an empty region in the page when persistent, and never focuses with focusKey false", () => {
    const { rerender } = render(<FormAlert role="status" persistent focusKey={false} />);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    rerender(
      <FormAlert role="status" persistent focusKey={false}>
        Thanks!
      </FormAlert>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Thanks!");
    expect(screen.getByRole("status")).not.toHaveFocus();
    expect(screen.getByRole("status")).not.toHaveAttribute("tabindex");
  });
});

describe("useHydrated", () => {
  function Probe() {
    const hydrated = useHydrated();
    return <form aria-label="probe" {...hydratedFormProps(hydrated)} />;
  }

  it("is false in the server's markup, where the browser's validation guards a native post", () => {
    const html = renderToString(<Probe />);
    expect(html).not.toContain("data-hydrated");
    expect(html).not.toContain("novalidate");
  });

  it("is true once React has the form: the form's own messages answer", () => {
    render(<Probe />);
    const form = screen.getByRole("form", { name: "probe" });
    expect(form).toHaveAttribute("data-hydrated", "true");
    expect(form).toHaveAttribute("novalidate");
  });
});

describe("CheckboxField", () => {
  it("labels its checkbox, which posts its value when ticked", async () => {
    const user = userEvent.setup();
    render(
      <form aria-label="delete">
        <CheckboxField
          id="confirm-delete"
          name="confirm"
          value="yes"
          required
          label="Delete this lead for good"
        />
      </form>,
    );
    const box = screen.getByRole("checkbox", { name: "Delete this lead for good" });
    expect(box).toBeRequired();
    await user.click(screen.getByText("Delete this lead for good"));
    expect(new FormData(screen.getByRole("form", { name: "delete" }) as HTMLFormElement).get("confirm")).toBe(
      "yes",
    );
  });
});
