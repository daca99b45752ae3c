import { render, screen } from "@testing-library/react";
import { Award, Users } from "lucide-react";
import { describe, expect, it } from "vitest";
import { InitialsAvatar, initials } from "./initials-avatar";
import { StarRating } from "./star-rating";
import { StatsRow } from "./stats-row";

describe("initials", () => {
  it("takes the first and last name, skipping titles", () => {
    expect(initials("Dr. Maya Okafor-Reid")).toBe("MO");
    expect(initials("Priya Nair")).toBe("PN");
    expect(initials("Cher")).toBe("C");
    expect(initials("")).toBe("?");
  });

  it("hides the avatar from assistive tech (the name is printed beside it)", () => {
    const { container } = render(<InitialsAvatar name="Priya Nair" />);
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
    expect(container).toHaveTextContent("PN");
  });
});

describe("StarRating", () => {
  it("announces the rating once and fills that many stars", () => {
    const { container } = render(<StarRating rating={4} />);
    expect(screen.getByRole("img", { name: "Rated 4 out of 5 stars" })).toBeInTheDocument();
    expect(container.querySelectorAll('[data-filled="true"]')).toHaveLength(4);
    expect(container.querySelectorAll("svg")).toHaveLength(5);
  });

  it("clamps out-of-range ratings", () => {
    render(<StarRating rating={9} />);
    expect(screen.getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeInTheDocument();
  });
});

describe("StatsRow", () => {
  it("pairs each figure with its label in a description list", () => {
    render(
      <StatsRow
        stats={[
          { number: "120+", label: "Clients", icon: Users },
          { number: "15", label: "Awards", icon: Award },
        ]}
      />,
    );
    const terms = screen.getAllByRole("term").map((t) => t.textContent);
    const defs = screen.getAllByRole("definition").map((d) => d.textContent);
    expect(terms).toEqual(["Clients", "Awards"]);
    expect(defs).toEqual(["120+", "15"]);
  });
});
