import { render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { scopeBlocks, scopeSummary } from "~/shared/scope";

import { ScopeOfWork } from "./scope-of-work";

const SCOPE = `# Website build

Five pages, **responsive**, with *care*.

## Included
- Home
- Services
  - up to 6 items
- Contact form

1. Design
2. Build
`;

const HOSTILE = `# Hello <img src=x onerror="alert(1)">

<script>alert("xss")</script>

<iframe src="https://evil.example"></iframe>

[click me](javascript:alert(2)) and ![pic](https://evil.example/x.png)

- <a href="https://evil.example" onclick="steal()">list link</a>

<style>body{display:none}</style>
`;

describe("a quote's scope of work", () => {
  it("renders headings, paragraphs and nested lists under the page's heading level", () => {
    render(<ScopeOfWork blocks={scopeBlocks(SCOPE)} headingLevel={4} />);
    expect(screen.getByRole("heading", { level: 4, name: "Website build" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 5, name: "Included" })).toBeInTheDocument();
    expect(screen.getByText("responsive").tagName).toBe("STRONG");
    expect(screen.getByText("care").tagName).toBe("EM");
    const lists = screen.getAllByRole("list");
    expect(lists.map((l) => l.tagName)).toEqual(["UL", "UL", "OL"]);
    expect(screen.getByText("up to 6 items").closest("ul")?.parentElement?.textContent).toContain("Services");
  });

  it("never renders what the studio typed as HTML: tags, scripts and links stay visible text", () => {
    const html = renderToStaticMarkup(<ScopeOfWork blocks={scopeBlocks(HOSTILE)} />);
    // The text typed is all there, escaped, so the client reads what was written.
    expect(html).toContain("&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    const { container } = render(<ScopeOfWork blocks={scopeBlocks(HOSTILE)} />);
    // Only the scope's own elements, with no attribute but the page's styling: no link, image, frame, handler.
    const elements = [...container.querySelectorAll("*")];
    expect(new Set(elements.map((e) => e.tagName))).toEqual(new Set(["DIV", "H3", "P", "UL", "LI"]));
    const attributes = elements.flatMap((e) => [...e.attributes].map((a) => a.name));
    expect(new Set(attributes)).toEqual(new Set(["class", "data-testid"]));
    expect(container.textContent).toContain("click me and pic");
    expect(container.textContent).not.toContain("javascript:");
  });

  it("is nothing when empty, and one capped line of plain text as an invoice's summary", () => {
    expect(scopeBlocks("  \n ")).toEqual([]);
    expect(renderToStaticMarkup(<ScopeOfWork blocks={[]} />)).toBe("");
    expect(scopeSummary(SCOPE)).toBe(
      "Website build · Five pages, responsive, with care. · Included · Home; Services; up to 6 items; Contact form · Design; Build",
    );
    const long = scopeSummary(`# Scope\n\n${"word ".repeat(200)}`, 80);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith("…")).toBe(true);
  });
});
