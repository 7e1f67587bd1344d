/** Each switchable deviation: what it is about and its values, the default first, each explained. */
export declare const DIVERGENCE_CHOICES: {
    readonly D20: {
        readonly about: "site and tenant client-health counts";
        readonly values: {
            readonly 'every-client': "failed clients count, as Poor (the default)";
            readonly connected: "only connected clients count, as the tenant client-health document describes";
        };
    };
};
export type DivergenceId = keyof typeof DIVERGENCE_CHOICES;
/** The behaviour picked for each switchable deviation; an id left out keeps its default. */
export type DivergenceChoices = {
    [Id in DivergenceId]?: keyof (typeof DIVERGENCE_CHOICES)[Id]['values'];
};
/**
 * Reads `divergences` (`{"D20": "connected"}`): each id must be one with a choice and each value
 * one of its values. Throws FakeCentralError `fixture_invalid` naming the valid ones; the
 * default values are dropped (an empty answer means the fake's defaults).
 */
export declare function parseDivergences(input: unknown): DivergenceChoices;
