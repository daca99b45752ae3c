/**
 * The studio's password rule beyond length: no common, breached or easily
 * guessed password. zxcvbn-ts (a well-kept estimator) matches the password
 * against its offline lists (some 40,000 passwords from breaches, names,
 * words) and patterns (sequences, keyboard rows, repeats, dates, l33t), and
 * against the account's own email; anything it scores under 3 ("safely
 * unguessable", about 10^8 guesses and up) is refused. No network is used.
 */
export const PASSWORD_MIN_SCORE = 3;

/** Why zxcvbn judged a password weak, in the CLI's words (its keys, as we load no translation package). */
const WHY: Record<string, string> = {
  common: "it is one of the most common passwords",
  similarToCommon: "it is a common password with small changes",
  topTen: "it is one of the ten most used passwords",
  topHundred: "it is one of the hundred most used passwords",
  userInputs: "it contains the account's email",
  simpleRepeat: "it repeats a character or a pattern",
  extendedRepeat: "it repeats a pattern",
  sequences: "it is a sequence like abc or 6543",
  straightRow: "it is a row of keys on the keyboard",
  keyPattern: "it is a pattern of keys on the keyboard",
  recentYears: "it is made of recent years",
  dates: "it is made of a date",
  namesByThemselves: "it is a name or surname",
  commonNames: "it is made of common names and surnames",
  wordByItself: "it is a single word",
};

let factory:
  | Promise<{
      check(password: string, userInputs?: string[]): { score: number; feedback: { warning: string | null } };
    }>
  | undefined;
// Loaded with the first password set (the account CLI), never by a server that only signs in: ~4 MB of lists.
const estimator = () =>
  (factory ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  ));

/** Null when the password may be used, else the sentence that says why not. */
export async function weakPasswordReason(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  // The email and its parts (owner, example) count as guessable words.
  const inputs = userInputs.flatMap((i) => [i, ...i.split(/[@.+_-]/)]).filter((i) => i.length >= 3);
  const result = (await estimator()).check(password, inputs);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const why = (result.feedback.warning && WHY[result.feedback.warning]) || "it is too easy to guess";
  return `That password is refused: ${why}. Choose a longer phrase of several unrelated words.`;
}
