import { describe, expectTypeOf, it } from "vitest";
import type {
  CallToolRequestParams,
  ElicitRequest,
  ElicitResult,
  InputRequest,
  InputRequiredResult,
  InputResponse,
  InputResponses,
  InputMethodMap,
  ClientCapabilities,
  ServerNotification,
} from "@mrtr/schema";

// A package extends the input-request map the way @mrtr/deprecated adds sampling and roots.
declare module "@mrtr/schema" {
  interface InputMethodMap {
    "test/echo": { request: { method: "test/echo"; params: { text: string } }; response: { echoed: string } };
  }
}

describe("core types", () => {
  it("hold elicitation as a core input request", () => {
    expectTypeOf<ElicitRequest>().toExtend<InputRequest>();
    expectTypeOf<ElicitResult>().toExtend<InputResponse>();
  });

  it("carry no deprecated method in the input-request map", () => {
    expectTypeOf<"sampling/createMessage" extends keyof InputMethodMap ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<"roots/list" extends keyof InputMethodMap ? true : false>().toEqualTypeOf<false>();
  });

  it("carry no deprecated capability fields", () => {
    expectTypeOf<"sampling" extends keyof ClientCapabilities ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<"roots" extends keyof ClientCapabilities ? true : false>().toEqualTypeOf<false>();
  });

  it("leave logging out of server notifications", () => {
    expectTypeOf<Extract<ServerNotification, { method: "notifications/message" }>>().toEqualTypeOf<never>();
  });
});

describe("declaration merging", () => {
  it("widens InputRequest, InputResponse and everything embedding them", () => {
    type Echo = { method: "test/echo"; params: { text: string } };
    expectTypeOf<Echo>().toExtend<InputRequest>();
    expectTypeOf<{ echoed: string }>().toExtend<InputResponse>();
    expectTypeOf<{ k: { echoed: string } }>().toExtend<InputResponses>();
    expectTypeOf<{ k: Echo }>().toExtend<NonNullable<InputRequiredResult["inputRequests"]>>();
    expectTypeOf<{ k: { echoed: string } }>().toExtend<NonNullable<CallToolRequestParams["inputResponses"]>>();
  });
});
