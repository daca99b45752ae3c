import { data, type AppLoadContext } from "react-router";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Why a post to a route action was refused: its kind (name) and HTTP code, as the log line states them. */
class RefusedFormPost extends Error {
  constructor(
    name: "UnsupportedContentType" | "UnreadableFormData",
    readonly code: 400 | 415,
  ) {
    super();
    this.name = name;
  }
}

/**
 * The form a route action was posted, or a 415 (not a form: JSON, text) or 400 (a form that
 * cannot be read, a torn multipart body) thrown as the answer. Before, `request.formData()`
 * threw and the action answered 500 with the stack in the log (issue 37). The refusal is
 * logged by its kind and code (`logRouteError`), never with the body.
 */
export async function readFormPost(request: Request, context: AppLoadContext): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  let refused = new RefusedFormPost("UnsupportedContentType", 415);
  if (FORM_TYPES.has(type)) {
    try {
      return await request.formData();
    } catch {
      refused = new RefusedFormPost("UnreadableFormData", 400);
    }
  }
  context.services?.logRouteError(request, refused);
  throw data(refused.code === 415 ? "Send this form as a form post." : "The form data could not be read.", {
    status: refused.code,
  });
}
