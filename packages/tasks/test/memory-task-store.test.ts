import { MemoryTaskStore } from "@mrtr/tasks/server";
import { describeTaskStore } from "./task-store-contract.js";

// One store is one process: there is no second instance on the same data (other instances of a server share it by reference).
describeTaskStore("MemoryTaskStore", async (now) => {
  const store = new MemoryTaskStore({ now });
  return { store, cleanup: () => store.close() };
});
