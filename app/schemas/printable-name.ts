import { z } from "~/lib/zod";

/**
 * Characters a name that is signed or printed must not hold: control characters (Cc) and
 * invisible format characters (Cf), among them the bidirectional embeddings, overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069), the direction marks (U+200E, U+200F, U+061C) and
 * the zero-width space, joiners and no-break space (U+200B-U+200D, U+2060, U+FEFF). A
 * right-to-left override in a legal name makes a PDF print another name than the record
 * holds, and a zero-width character makes two different names look the same (issue 37).
 * Cf also holds the zero-width joiners some Persian and Indic names use between letters;
 * the PDFs do not shape those scripts anyway, and the name reads the same without them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/** Whether a text holds none of the characters above. */
export const hasNoInvisibleCharacters = (value: string) => !INVISIBLE.test(value);

/**
 * The one refinement every schema of a name that is signed or printed uses (the inquiry's
 * names and company, the booking's name, the signature's legal name and company, a quote
 * line's label): `.check(printableName("First name"))`. Its message goes beside the field.
 */
export const printableName = (label: string) =>
  z.refine<string>(
    hasNoInvisibleCharacters,
    `${label} holds an invisible formatting character (such as a direction mark or a zero-width space, often pasted with a name). Type it again without it.`,
  );
