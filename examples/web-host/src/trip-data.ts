/**
 * The trip planner's made-up data: a few cities, one stop per day of a
 * plan, extra stops the view can ask for, and the packing list. Plain data,
 * shared by the demo server and its tests.
 */

/** A city the planner knows. */
export interface City {
  /** Its key, as the tool's `city` argument takes it. */
  key: string;
  /** Its name. */
  name: string;
  /** One stop per day, in order (a plan of N days takes the first N). */
  stops: readonly string[];
  /** Stops the view suggests on request, in turn. */
  extras: readonly string[];
}

/** The cities, by key. */
export const CITIES: Readonly<Record<string, City>> = {
  lisbon: {
    key: "lisbon",
    name: "Lisbon",
    stops: ["Alfama and São Jorge Castle", "Belém Tower and the monastery", "Day trip to Sintra", "LX Factory and the river front", "Cascais by the coast line"],
    extras: ["Time Out Market, for lunch", "Miradouro da Senhora do Monte, at sunset", "Tram 28, early morning"],
  },
  kyoto: {
    key: "kyoto",
    name: "Kyoto",
    stops: ["Fushimi Inari shrine", "Arashiyama bamboo grove", "Kiyomizu-dera and Higashiyama", "Nishiki market", "Day trip to Nara"],
    extras: ["Philosopher's Path, in the morning", "Pontocho alley, for dinner", "Kurama onsen"],
  },
  montreal: {
    key: "montreal",
    name: "Montréal",
    stops: ["Old Montréal and the port", "Mount Royal park", "Jean-Talon market", "Plateau and Mile End", "Botanical garden"],
    extras: ["A bagel at Fairmount", "Lachine canal by bike", "Habitat 67, from the river"],
  },
};

/** Longest plan, in days. */
export const MAX_DAYS = 5;

/** The packing list resource's URI and text. */
export const PACKING_LIST = {
  uri: "trips://packing-list",
  text: "Passport, plug adapter, walking shoes, a light rain jacket.",
} as const;

/** The plan of `days` days (1 to MAX_DAYS) in `city`: one stop a day. */
export function planOf(city: City, days: number): { day: number; stop: string }[] {
  return city.stops.slice(0, days).map((stop, i) => ({ day: i + 1, stop }));
}

/** The `n`-th extra stop of `city` (0-based, in turn). */
export function extraStop(city: City, n: number): string {
  return city.extras[((n % city.extras.length) + city.extras.length) % city.extras.length]!;
}
