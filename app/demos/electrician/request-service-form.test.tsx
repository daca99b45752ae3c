import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { requestForm } from "./content";
import { RequestServiceForm } from "./request-service-form";

describe("RequestServiceForm", () => {
  it("marks the required fields, shows per-field errors and focuses the first", () => {
    render(<RequestServiceForm />);
    expect(screen.getByLabelText(/Message/)).toHaveAttribute("rows", "5");
    fireEvent.submit(screen.getByRole("button", { name: /Request Service/ }).closest("form")!);
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(requestForm.errors.name);
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("alert")).toHaveTextContent(requestForm.errorSummary);
  });

  it("on a valid request sends nothing and says it is a demo", () => {
    render(<RequestServiceForm />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "604 555 0101" } });
    fireEvent.change(screen.getByLabelText(/^Service Type/), { target: { value: "Lighting" } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: "New pot lights" } });
    fireEvent.submit(screen.getByRole("button", { name: /Request Service/ }).closest("form")!);
    expect(screen.getByRole("status")).toHaveTextContent(requestForm.demoNotice("Ada"));
    expect(screen.getByRole("status")).toHaveTextContent(/demo form, so nothing was sent/);
  });
});
