import { explainCheck } from '../state-checks/explain-check.js';
import { checkAssertions } from './assertion-shape.js';
import type { FaultPlan } from '../faults/fault-plan.js';
import type { FakeCentral, FaultPlanParser } from '../fake-central-api.js';
import type { DivergenceChoices } from '../divergences/divergence-choices.js';
import type { SeedInput } from '../seed/seed-shape.js';
import { VALIDATION_MODES, type Json, type ValidationMode } from '../types.js';
import { filterCalls, parseCallsQuery } from './calls-query.js';
import { ControlError, hintedProblem } from './control-error.js';
import { checkFaultPlanShape } from './fault-plan-shape.js';

/** A control request after authentication. */
export interface ControlRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  body: string;
}

export interface ControlContext {
  fake: FakeCentral;
  parseFaultPlan: FaultPlanParser | undefined;
}

const ROUTES = [
  'GET /_fake/info',
  'GET /_fake/calls',
  'POST /_fake/reset',
  'POST /_fake/seed',
  'PUT /_fake/faults',
  'GET /_fake/state',
  'POST /_fake/state/check',
];

function jsonBody(req: ControlRequest, example: string): Json | undefined {
  if (req.body.trim() === '') return undefined;
  try {
    return JSON.parse(req.body) as Json;
  } catch (error) {
    throw new ControlError(
      400,
      'FAKE_CONTROL_BAD_BODY',
      `${req.method} ${req.path}: the body is not JSON (${hintedProblem(error).message})`,
      `send Content-Type: application/json with a body such as ${example}`,
    );
  }
}

/** 400 carrying the message and hint of what the fake (or the plan validator) threw. */
function refused(code: string, error: unknown, fallbackHint: string): ControlError {
  const { message, hint } = hintedProblem(error);
  return new ControlError(400, code, message, hint ?? fallbackHint);
}

function reset(ctx: ControlContext, req: ControlRequest): Json {
  const body = jsonBody(req, '{"fixture": "campus-b"}');
  const { fixture, validation, strictQuery, seed, divergences, ...rest } = (body ?? {}) as {
    fixture?: unknown;
    validation?: unknown;
    strictQuery?: unknown;
    seed?: unknown;
    divergences?: unknown;
  };
  if (strictQuery !== undefined) {
    throw new ControlError(
      400,
      'FAKE_CONTROL_BAD_BODY',
      'POST /_fake/reset: "strictQuery" is gone: requests are checked against the documents by default',
      'send {"validation": "lenient"} to let requests the documents forbid through',
    );
  }
  if (
    (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) ||
    (fixture !== undefined && typeof fixture !== 'string') ||
    (validation !== undefined && !VALIDATION_MODES.includes(validation as never)) ||
    Object.keys(rest).length > 0
  ) {
    throw new ControlError(
      400,
      'FAKE_CONTROL_BAD_BODY',
      'POST /_fake/reset takes {"fixture"?: NAME, "validation"?: "documents"|"lenient", "seed"?: {"devices"?, "patch"?}, "divergences"?: {"D20"?: CHOICE}}',
      'send no body to restore the fixture the fake started with',
    );
  }
  try {
    ctx.fake.reset(fixture, {
      ...(validation === undefined ? {} : { validation: validation as ValidationMode }),
      ...(seed === undefined ? {} : { seed: seed as SeedInput }),
      ...(divergences === undefined ? {} : { divergences: divergences as DivergenceChoices }),
    });
  } catch (error) {
    // The seed's own errors all begin "seed …" (fake-central/seed), a choice's "divergences …"
    // (fake-central/divergences): named apart from a bad bundle.
    const { message } = hintedProblem(error);
    const code = /^seed\b/.test(message)
      ? 'FAKE_CONTROL_BAD_SEED'
      : /^divergences\b/.test(message)
        ? 'FAKE_CONTROL_BAD_DIVERGENCE'
        : 'FAKE_CONTROL_BAD_FIXTURE';
    throw refused(code, error, 'name a bundle under fixtures/central');
  }
  const { seeded, divergences: chosen } = ctx.fake.state();
  return {
    reset: true,
    bundle: ctx.fake.bundle,
    ...(seeded ? { seeded } : {}),
    ...(chosen ? { divergences: chosen as Json } : {}),
  };
}

function seedWorld(ctx: ControlContext, req: ControlRequest): Json {
  const example =
    '{"devices": [{"serialNumber": "TESTAP0001", "deviceType": "AP", "siteId": "5563304806"}]}';
  const body = jsonBody(req, example);
  if (body === undefined) {
    throw new ControlError(
      400,
      'FAKE_CONTROL_BAD_BODY',
      'POST /_fake/seed needs a body: {"devices"?: [...], "patch"?: [...]}',
      `e.g. ${example}`,
    );
  }
  try {
    return { seeded: ctx.fake.seed(body as SeedInput) };
  } catch (error) {
    throw refused('FAKE_CONTROL_BAD_SEED', error, `e.g. ${example}`);
  }
}

function setFaults(ctx: ControlContext, req: ControlRequest): Json {
  const text = req.body.trim();
  if (text === '') {
    throw new ControlError(
      400,
      'FAKE_CONTROL_BAD_BODY',
      'PUT /_fake/faults needs a body: a fault plan, or null for none',
      'e.g. {"faults": [{"kind": "rate_limit", "first": 1, "retryAfter": 1}]}',
    );
  }
  let plan: FaultPlan | null = null;
  // The harness's validator reads YAML or JSON (a plan file as is); the fallback JSON only.
  const body = ctx.parseFaultPlan
    ? undefined
    : jsonBody(req, '{"faults": [{"kind": "rate_limit", "first": 1}]}');
  if (text !== 'null') {
    try {
      plan = ctx.parseFaultPlan
        ? ctx.parseFaultPlan(req.body, 'PUT /_fake/faults')
        : checkFaultPlanShape(body);
    } catch (error) {
      throw refused(
        'FAKE_CONTROL_BAD_FAULT_PLAN',
        error,
        'see fake-central/faults/fault-plan.schema.json',
      );
    }
  }
  ctx.fake.setFaults(plan);
  return { faults: plan as unknown as Json };
}

function checkState(ctx: ControlContext, req: ControlRequest): Json {
  const body = jsonBody(req, '{"assertions": [{"collection": "wlan-ssids", "added": 1}]}');
  const assertions = Array.isArray(body)
    ? body
    : (body as { assertions?: unknown } | undefined)?.assertions;
  if (!Array.isArray(assertions) || assertions.some((a) => a === null || typeof a !== 'object')) {
    throw new ControlError(
      400,
      'FAKE_CONTROL_BAD_BODY',
      'POST /_fake/state/check takes {"assertions": [...]}: a scenario\'s expect.state entries',
      'e.g. {"assertions": [{"collection": "wlan-ssids", "where": {"essid.name": "Guest"}, "fields": {"enable": false}}]}',
    );
  }
  const checked = checkAssertions(assertions);
  const result = ctx.fake.checkState(checked);
  const summary = explainCheck(result, checked);
  return {
    passed: summary === undefined,
    ...result,
    ...(summary === undefined ? {} : { summary }),
  } as unknown as Json;
}

/** Answers one authenticated control request. */
export function answerControl(ctx: ControlContext, req: ControlRequest): Json {
  const route = `${req.method} ${req.path.replace(/\/$/, '')}`;
  switch (route) {
    case 'GET /_fake/info':
      return controlInfo(ctx.fake);
    case 'GET /_fake/calls': {
      const calls = filterCalls(ctx.fake.calls(), parseCallsQuery(req.params));
      const all = ctx.fake.calls();
      return { calls: calls as unknown as Json, lastSeq: all.at(-1)?.seq ?? 0 };
    }
    case 'POST /_fake/reset':
      return reset(ctx, req);
    case 'POST /_fake/seed':
      return seedWorld(ctx, req);
    case 'PUT /_fake/faults':
      return setFaults(ctx, req);
    case 'GET /_fake/state':
      return ctx.fake.state() as unknown as Json;
    case 'POST /_fake/state/check':
      return checkState(ctx, req);
    default: {
      const known = ROUTES.find((r) => r.endsWith(` ${req.path}`));
      throw new ControlError(
        known ? 405 : 404,
        known ? 'FAKE_CONTROL_METHOD' : 'FAKE_CONTROL_NOT_FOUND',
        `${route} is not a control endpoint`,
        known ? `use ${known}` : `endpoints: ${ROUTES.join(', ')}`,
      );
    }
  }
}

/** What `GET /_fake/info` reports: how a client reaches this fake. */
export function controlInfo(fake: FakeCentral) {
  return {
    url: fake.url,
    proxy: fake.proxyUrl,
    caCertPath: fake.caCertPath,
    clientId: fake.credentials.clientId,
    clientSecret: fake.credentials.clientSecret,
    workspaceId: fake.credentials.workspaceId,
    bundle: fake.bundle,
    env: fake.serverEnv(),
  };
}
