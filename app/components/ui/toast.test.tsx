import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LazyToaster, toast } from "./toast";

describe("lazy toaster", () => {
  it("renders nothing until a toast is asked for, then shows it with its type and description", async () => {
    const { container } = render(<LazyToaster />);
    expect(container).toBeEmptyDOMElement();

    act(() => toast.error("Invalid Amount", { description: "Please enter a valid amount" }));

    const title = await screen.findByText("Invalid Amount");
    const item = title.closest("[data-sonner-toast]");
    expect(item).toHaveAttribute("data-type", "error");
    expect(item).toHaveTextContent("Please enter a valid amount");
    expect(container.querySelector("[data-sonner-toaster]")).toHaveAttribute("data-y-position", "top");

    // Later toasts go straight to the mounted Toaster.
    act(() => toast.info("This is a demo site"));
    expect(await screen.findByText("This is a demo site")).toBeInTheDocument();
  });
});
