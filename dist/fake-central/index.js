import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);
import {
  CALL_KINDS,
  DIVERGENCE_CHOICES,
  FAULT_KINDS,
  FakeCentralAssertionError,
  FakeCentralError,
  INTERCEPTED_HOSTS,
  didYouMean,
  listBundles,
  loadFaultPlan,
  parseEndpointPattern,
  parseFaultPlan,
  proxyEnvironment,
  startFakeCentral
} from "../chunks/chunk-T533OSMR.js";
import "../chunks/chunk-YRJ3ECJS.js";
import "../chunks/chunk-5ERFDA4Q.js";

// src/fake-central-package/check-options.ts
var OPTIONS = {
  fixture: "a bundle name under fixtures/central or a bundle directory (a string)",
  port: "a whole number 0\u201365535 (0: a free port)",
  host: "a host name or address (a string)",
  validation: '"documents" (the default) or "lenient"',
  asyncRunningPolls: "a whole number 0\u20131000",
  faults: "a fault plan ({faults: [...]}) or null",
  shortPages: "a whole number of pages 2\u2013100, or null (full pages)",
  onRequest: "a function",
  onAnswer: "a function",
  control: "true, false or {parseFaultPlan}"
}, KNOWN = Object.keys(OPTIONS), shown = (value) => typeof value == "number" || typeof value == "bigint" ? String(value) : JSON.stringify(value) ?? String(value), wholeIn = (value, min, max) => typeof value == "number" && Number.isInteger(value) && value >= min && value <= max, FITS = {
  fixture: (v) => typeof v == "string" && v !== "",
  port: (v) => wholeIn(v, 0, 65535),
  host: (v) => typeof v == "string" && v !== "",
  validation: (v) => v === "documents" || v === "lenient",
  asyncRunningPolls: (v) => wholeIn(v, 0, 1e3),
  faults: () => !0,
  // checked by the fault-plan validator below
  shortPages: (v) => v === null || wholeIn(v, 2, 100),
  onRequest: (v) => typeof v == "function",
  onAnswer: (v) => typeof v == "function",
  control: (v) => typeof v == "boolean" || typeof v == "object" && v !== null && !Array.isArray(v)
};
function checkedFaultPlan(plan, where) {
  if (plan === null) return null;
  if (typeof plan != "object" || Array.isArray(plan))
    throw new FakeCentralError(
      "fault_plan_invalid",
      `${where}: a fault plan is an object ({faults: [...]}) or null, got ${shown(plan)}`
    );
  try {
    return parseFaultPlan(JSON.stringify(plan), where);
  } catch (error) {
    throw new FakeCentralError(
      "fault_plan_invalid",
      error instanceof Error ? error.message : String(error),
      error.hint
    );
  }
}
function checkOptions(options) {
  if (options === void 0) return {};
  if (typeof options != "object" || options === null || Array.isArray(options))
    throw new TypeError(`startFakeCentral: options must be an object, got ${shown(options)}`);
  for (let [key, value] of Object.entries(options)) {
    if (key === "strictQuery")
      throw new TypeError(
        `startFakeCentral: option strictQuery is gone: requests are checked against HPE's documents by default (unknown query parameters included); pass validation: "lenient" to let them through`
      );
    if (!(key in OPTIONS))
      throw new TypeError(
        `startFakeCentral: unknown option "${key}"; ${didYouMean(key, KNOWN)}the options are ${KNOWN.join(", ")}`
      );
    let name = key;
    if (value !== void 0 && !FITS[name](value))
      throw new TypeError(
        `startFakeCentral: option ${key} is ${shown(value)}; it must be ${OPTIONS[name]}`
      );
  }
  let given = options;
  return given.faults === void 0 ? given : { ...given, faults: checkedFaultPlan(given.faults, "startFakeCentral option faults") };
}

// src/fake-central-package/index.ts
async function startFakeCentral2(options = {}) {
  let checked = checkOptions(options), { control } = checked, fake = await startFakeCentral(
    control ? { ...checked, control: { parseFaultPlan, ...control === !0 ? {} : control } } : checked
  ), setFaults = fake.setFaults.bind(fake);
  return fake.setFaults = (plan) => setFaults(checkedFaultPlan(plan, "setFaults(plan)")), fake;
}
export {
  CALL_KINDS,
  DIVERGENCE_CHOICES,
  FAULT_KINDS,
  FakeCentralAssertionError,
  FakeCentralError,
  INTERCEPTED_HOSTS,
  listBundles,
  loadFaultPlan,
  parseEndpointPattern,
  parseFaultPlan,
  proxyEnvironment,
  startFakeCentral2 as startFakeCentral
};
