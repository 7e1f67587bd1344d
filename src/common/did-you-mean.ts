// The one did-you-mean lives in fake-central, whose endpoint-pattern errors use it too (fake-central
// imports nothing from src/); the harness's messages share it from the fake's public index.
export { closest, didYouMean } from '../../fake-central/index.js';
