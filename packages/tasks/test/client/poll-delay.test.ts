/**
 * The pace of polling, as a pure rule: the server's pollIntervalMs kept
 * within [minPollMs, maxPollMs], a growing wait when it names none, a
 * doubling one after failures; and the options' checks.
 */
import { describe, expect, it } from "vitest";
import { McpClientError } from "@mrtr/client";
import { TASKS_CLIENT_DEFAULTS, tasksClient } from "@mrtr/tasks/client";
import { tasksClientSettings } from "../../src/client/options.js";
import { pollDelay, retryDelay } from "../../src/client/poll-delay.js";

const s = tasksClientSettings({ minPollMs: 100, maxPollMs: 10_000, initialPollMs: 500 });
const task = (pollIntervalMs?: number) => ({ taskId: "t", status: "working" as const, createdAt: "", lastUpdatedAt: "", ttlMs: null, ...(pollIntervalMs !== undefined && { pollIntervalMs }) });

describe("poll delays", () => {
  it("follows the server's pollIntervalMs within the bounds", () => {
    expect(pollDelay(task(1_500), 0, s)).toBe(1_500);
    expect(pollDelay(task(0), 0, s)).toBe(100);
    expect(pollDelay(task(-5), 0, s)).toBe(100);
    expect(pollDelay(task(1e12), 0, s)).toBe(10_000);
  });

  it("without a suggestion, starts at initialPollMs and grows 1.5 times per poll up to maxPollMs", () => {
    expect([0, 1, 2, 3].map((n) => pollDelay(task(), n, s))).toEqual([500, 750, 1125, 1687.5]);
    expect(pollDelay(task(), 100, s)).toBe(10_000);
    expect(pollDelay(task(), 10_000, s)).toBe(10_000); // 1.5^10000 is Infinity: still capped
  });

  it("after failures, doubles from minPollMs up to maxPollMs", () => {
    expect([0, 1, 2].map((n) => retryDelay(n, s))).toEqual([200, 400, 800]);
    expect(retryDelay(50, s)).toBe(10_000);
  });
});

describe("tasksClient options", () => {
  it("fills the documented defaults", () => {
    expect(tasksClientSettings({})).toEqual({ ...TASKS_CLIENT_DEFAULTS, onGiveUp: "cancel", follow: "notifications" });
    expect(TASKS_CLIENT_DEFAULTS).toEqual({
      minPollMs: 100,
      maxPollMs: 30_000,
      initialPollMs: 500,
      maxPollDurationMs: 3_600_000,
      maxInputRounds: 10,
      maxPollFailures: 5,
      cancelTimeoutMs: 5_000,
      maxListenTaskIds: 100,
    });
  });

  it("refuses limits that are not whole positive numbers, and minPollMs over maxPollMs, naming the option", () => {
    expect(() => tasksClient({ minPollMs: 0 })).toThrow(/minPollMs must be a whole number/);
    expect(() => tasksClient({ maxPollDurationMs: Infinity })).toThrow(McpClientError);
    expect(() => tasksClient({ minPollMs: 500, maxPollMs: 100 })).toThrow(/minPollMs must not exceed maxPollMs/);
    expect(() => tasksClient({ onGiveUp: "keep" as never })).toThrow(/onGiveUp must be "cancel" or "leave"/);
    expect(() => tasksClient({ follow: "push" as never })).toThrow(/follow must be "notifications" or "poll"/);
    expect(() => tasksClient({ maxListenTaskIds: 0 })).toThrow(/maxListenTaskIds must be a whole number/);
    expect(() => tasksClient({ maxPollFailures: 0 })).not.toThrow();
  });
});
