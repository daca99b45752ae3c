import { describe, expect, it } from "vitest";

import { requestForm } from "./content";
import { answerRequestService, requestServiceSchema, validateRequestService } from "./request-service-schema";

const valid = {
  name: "Ada Lovelace",
  phone: "(604) 555-0101",
  email: "",
  serviceType: "Panel Upgrade",
  propertyType: "Residential",
  message: "Panel is buzzing.",
};

describe("request service schema", () => {
  it("accepts a complete request, with or without email", () => {
    expect(requestServiceSchema.safeParse(valid).success).toBe(true);
    expect(requestServiceSchema.safeParse({ ...valid, email: "ada@example.com" }).success).toBe(true);
  });

  it("requires name, phone, service type and message, one message per field", () => {
    const r = validateRequestService({
      name: " ",
      phone: "",
      email: "",
      serviceType: "",
      propertyType: "Residential",
      message: "",
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      name: requestForm.errors.name,
      phone: requestForm.errors.phone,
      serviceType: requestForm.errors.serviceType,
      message: requestForm.errors.message,
    });
  });

  it("rejects a bad email, a non-phone and options outside the lists", () => {
    const r = validateRequestService({
      ...valid,
      email: "nope",
      phone: "call me",
      serviceType: "Plumbing",
      propertyType: "Boat",
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["email", "phone", "propertyType", "serviceType"]);
  });

  it("trims values", () => {
    const r = validateRequestService({ ...valid, name: "  Ada  " });
    expect(r.ok && r.data.name).toBe("Ada");
  });
});

describe("answerRequestService (the form's no-JavaScript post)", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.append(k, v);
    return data;
  };

  it("answers the demo notice for a valid request", () => {
    expect(answerRequestService(form(valid), requestForm.demoNotice)).toEqual({
      notice: requestForm.demoNotice("Ada Lovelace"),
    });
  });

  it("answers the messages with what was typed, reading only the form's fields, each capped", () => {
    const answer = answerRequestService(
      form({ ...valid, name: "", message: "x".repeat(5000), extra: "ignored" }),
      requestForm.demoNotice,
    );
    expect(answer).toEqual({
      errors: { name: requestForm.errors.name, message: requestForm.errors.message },
      values: { ...valid, name: "", message: "x".repeat(2000) },
    });
  });
});
