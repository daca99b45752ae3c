import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { portfolioItems } from "~/content/portfolio";

import { PortfolioGrid } from "./portfolio-grid";

function renderGrid(props: Parameters<typeof PortfolioGrid>[0]) {
  const router = createMemoryRouter([{ path: "/", element: <PortfolioGrid {...props} /> }]);
  return render(<RouterProvider router={router} />);
}

describe("PortfolioGrid previews", () => {
  it("shows each demo's own picture, sized so the page does not shift as it loads", () => {
    renderGrid({ items: portfolioItems });
    for (const item of portfolioItems) {
      const img = screen.getByRole("img", { name: `Preview of the ${item.title} demo's home page` });
      expect(img).toHaveAttribute("src", `/previews/${item.id}-400.avif`);
      expect(img.getAttribute("srcset")).toBe(
        `/previews/${item.id}-400.avif 400w, /previews/${item.id}-720.avif 720w, /previews/${item.id}-1080.avif 1080w`,
      );
      expect(img).toHaveAttribute("width", "400");
      expect(img).toHaveAttribute("height", "200");
      expect(img).toHaveAttribute("decoding", "async");
    }
  });

  it("fetches every preview lazily at low priority, after the page's own text and fonts", () => {
    renderGrid({ items: portfolioItems });
    const imgs = screen.getAllByRole("img");
    expect(imgs.map((img) => img.getAttribute("loading"))).toEqual(
      Array<string>(portfolioItems.length).fill("lazy"),
    );
    expect(imgs.map((img) => img.getAttribute("fetchpriority"))).toEqual(
      Array<string>(portfolioItems.length).fill("low"),
    );
  });

  it("asks phones for the thumbnail's width on the full grid, the card's width on the compact one", () => {
    const { unmount } = renderGrid({ items: portfolioItems.slice(0, 1) });
    expect(screen.getByRole("img").getAttribute("sizes")).toMatch(/, calc\(40vw - 36px\)$/);
    unmount();
    renderGrid({ items: portfolioItems.slice(0, 1), compact: true });
    expect(screen.getByRole("img").getAttribute("sizes")).toMatch(/, calc\(100vw - 34px\)$/);
  });
});
