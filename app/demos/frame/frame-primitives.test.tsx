import { render, screen } from "@testing-library/react";
import { Award, Users } from "lucide-react";
import { describe, expect, it } from "vitest";

import { initials, InitialsAvatar } from "./initials-avatar";
import { PriceList } from "./price-list";
import { DemoSection } from "./section";
import { SectionHeading } from "./section-heading";
import { DemoStyleProvider } from "./slots";
import { StarRating } from "./star-rating";
import { StatsRow } from "./stats-row";
import { TeamGrid } from "./team-grid";

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

describe("PriceList", () => {
  const items = [
    { title: "Beard Trim", description: "Shape and line-up.", price: "$20" },
    { title: "Hot Towel Shave", price: "$35" },
  ];
  const order = (li: Element) =>
    [...li.querySelectorAll("[data-slot]")].map((el) => el.getAttribute("data-slot"));

  it("reads in the order it is drawn: price first, last, or on the name's line", () => {
    const { container, rerender } = render(<PriceList items={items} price="first" />);
    expect(order(container.querySelector("li")!)).toEqual(["price-value", "price-name", "price-text"]);
    rerender(<PriceList items={items} />);
    expect(order(container.querySelector("li")!)).toEqual(["price-name", "price-text", "price-value"]);
    rerender(<PriceList items={items} price="leader" />);
    expect(order(container.querySelector("li")!)).toEqual([
      "price-line",
      "price-name",
      "price-leader",
      "price-value",
      "price-details",
      "price-text",
    ]);
    expect(container.querySelector("[data-slot=price-leader]")).toHaveAttribute("aria-hidden", "true");
  });

  it("leaves out a missing description and takes the demo's classes per slot", () => {
    render(
      <DemoStyleProvider slots={{ "price-value": "text-primary" }}>
        <PriceList items={items} />
      </DemoStyleProvider>,
    );
    const shave = screen.getByRole("heading", { name: "Hot Towel Shave" }).closest("li")!;
    expect(shave.querySelector("[data-slot=price-text]")).toBeNull();
    expect(screen.getByText("$35")).toHaveClass("text-primary");
  });
});

describe("TeamGrid", () => {
  it("prints the experience line only for members who have one", () => {
    render(
      <TeamGrid
        team={[
          {
            name: "Maja Kowalski",
            role: "Head Baker",
            bio: "Trained in Kraków.",
            experience: "18 years",
            specialty: "Sourdough",
          },
          { name: "Kwame Mensah", role: "Founder", bio: "Master Electrician Licence" },
        ]}
      />,
    );
    expect(screen.getByText("18 years · Sourdough")).toBeInTheDocument();
    expect(document.querySelectorAll("[data-slot=team-meta]")).toHaveLength(1);
    expect(screen.getByText("KM")).toHaveAttribute("aria-hidden", "true");
  });
});

describe("SectionHeading", () => {
  const style = {
    "section-heading-title": "themed-title",
    "section-heading-eyebrow": "themed-eyebrow",
  } as const;

  it("stacked: one block the demo's theme styles, the heading named by the section around it", () => {
    render(
      <DemoStyleProvider slots={style}>
        <DemoSection titleId="services-title">
          <SectionHeading eyebrow="What we do" title="Services" description="Six trades." />
        </DemoSection>
      </DemoStyleProvider>,
    );
    const heading = screen.getByRole("heading", { level: 2, name: "Services" });
    expect(screen.getByRole("region", { name: "Services" })).toContainElement(heading);
    expect(heading).toHaveClass("themed-title");
    expect(screen.getByText("What we do")).toHaveClass("themed-eyebrow");
    expect(heading.closest('[data-slot="section-heading"]')).toContainElement(
      screen.getByText("Six trades."),
    );
  });

  it("bare: no wrapper and only the demo's classes, one paragraph per intro line", () => {
    const { container } = render(
      <DemoStyleProvider slots={style}>
        <SectionHeading
          look="bare"
          as="h1"
          id="hero"
          eyebrow="Since 2008"
          eyebrowClassName="kicker"
          title="Brightline"
          titleClassName="big"
          description={["One.", "Two."]}
        />
      </DemoStyleProvider>,
    );
    const heading = screen.getByRole("heading", { level: 1, name: "Brightline" });
    expect(heading).toHaveAttribute("id", "hero");
    expect(heading.className).toBe("big");
    expect(screen.getByText("Since 2008").className).toBe("kicker");
    expect(container.querySelector('[data-slot="section-heading"]')).toBeNull();
    expect(
      [...container.querySelectorAll('[data-slot="section-heading-text"]')].map((p) => p.textContent),
    ).toEqual(["One.", "Two."]);
  });
});
