export const UNSUPPORTED_TYPE_MESSAGE =
  "Unsupported content type: send JSON, form-urlencoded or multipart form data.";

const utf8 = new TextDecoder();

export type ReadResult =
  { ok: true; body: Record<string, unknown> } | { ok: false; status: 400 | 415; error: string };

/**
 * Reads an inquiry body as a plain object, whatever the encoding: JSON (the
 * form's fetch), form-urlencoded (a plain form post) or multipart (other
 * clients). The size cap is enforced before this by the body-limit middleware.
 * `preRead` is the body when the server has already read it (see preReadBody).
 */
export async function readSubmission(request: Request, preRead?: Buffer): Promise<ReadResult> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") {
    let body: unknown;
    try {
      body = JSON.parse(preRead ? utf8.decode(preRead) : await request.text());
    } catch {
      return { ok: false, status: 400, error: "The request body is not valid JSON." };
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      return { ok: false, status: 400, error: "The request body must be a JSON object." };
    }
    return { ok: true, body: body as Record<string, unknown> };
  }
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return { ok: false, status: 400, error: "The form data could not be read." };
    }
    const body: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      // A file, or a field sent twice, is not text: the schema rejects it with a field error.
      const v = typeof value === "string" ? value : { file: value.name };
      body[key] = key in body ? [body[key], v].flat() : v;
    }
    return { ok: true, body };
  }
  return { ok: false, status: 415, error: UNSUPPORTED_TYPE_MESSAGE };
}
