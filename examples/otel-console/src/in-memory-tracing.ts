/**
 * The OpenTelemetry SDK set up in-process, with nothing sent anywhere: every
 * finished span is kept in one in-memory exporter, to be printed. Each
 * participant (the client, each server instance) gets a TracerProvider of its
 * own whose resource names it, as separate processes would have; they share
 * the exporter so one list holds the whole trace. Trace context and baggage
 * travel as W3C headers, and the active span follows async calls through an
 * AsyncLocalStorage context manager.
 */
import { context, type TextMapPropagator } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from "@opentelemetry/core";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace";

/** Who emits spans: the resource attributes that tell participants apart. */
export interface Participant {
  /** `service.name`: the same for every instance of one server. */
  readonly service: string;
  /** `service.instance.id`: which instance, when there are several. */
  readonly instance?: string;
}

/** The SDK of one run: a provider per participant, the propagator, the spans collected. */
export interface InMemoryTracing {
  providerFor(participant: Participant): TracerProvider;
  readonly propagator: TextMapPropagator;
  /** The spans ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** Ends the providers and releases the global context manager, so another run can set up its own. */
  shutdown(): Promise<void>;
}

/** Sets up the SDK; the context manager is global (the API has no other kind), the rest is passed explicitly. */
export function startInMemoryTracing(): InMemoryTracing {
  const exporter = new InMemorySpanExporter();
  const providers: TracerProvider[] = [];
  const contextManager = new AsyncLocalStorageContextManager().enable();
  if (!context.setGlobalContextManager(contextManager)) {
    contextManager.disable();
    throw new Error("A global OpenTelemetry context manager is already registered; call shutdown() on the previous run first.");
  }
  return {
    providerFor(participant) {
      const resource = resourceFromAttributes({ "service.name": participant.service, ...(participant.instance !== undefined && { "service.instance.id": participant.instance }) });
      // SimpleSpanProcessor exports each span as it ends: nothing is left in a batch when the program prints.
      const provider = new TracerProvider({ resource, spanProcessors: [new SimpleSpanProcessor({ exporter })] });
      providers.push(provider);
      return provider;
    },
    propagator: new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
    spans: () => exporter.getFinishedSpans(),
    async shutdown() {
      await Promise.all(providers.map((p) => p.shutdown()));
      context.disable();
    },
  };
}
