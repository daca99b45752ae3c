// jsdom ships no types and @types/jsdom is not a dependency: the one constructor the tests use.
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
