import type { Json } from '../types.js';
/**
 * Counts only connected clients in the site aggregates: sites-client-health and site-health's
 * `clientTypes`, sites-health's `clients`, and each site's overall health split and reasons.
 * `clients` is the bundle's client list the aggregates were made from; `edit` returns a
 * mutable copy of a file (derivedFiles).
 */
export declare function countConnectedClientsOnly(edit: (file: string) => Json | undefined, clients: Json | undefined): void;
