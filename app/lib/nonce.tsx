import { createContext, useContext } from "react";

/** CSP nonce of a runtime-rendered response; prerendered pages use script hashes instead. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
