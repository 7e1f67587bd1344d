export { closest, didYouMean } from '../../fake-central/index.js';
