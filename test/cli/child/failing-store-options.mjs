// An `adrails evals --options` module whose store fails with the StoreError class of "adrails":
// the CLI refuses the call as a store failure only if it sees the same class (one copy of it in
// the built package, shared by the CLI and every entry point).
import { memoryStore, StoreError } from "adrails";

const store = memoryStore();
export default {
  store: new Proxy(store, {
    get(target, key) {
      if (key === "takeRate") {
        return async () => {
          throw new StoreError("bundle-check store", "The bundle-check store is down.");
        };
      }
      const value = target[key];
      return typeof value === "function" ? value.bind(target) : value;
    },
  }),
};
