// A small bundle for scripts/build-bundle.test.ts: three packages and one they depend on
// (js-tiktoken → base64-js); js-tiktoken ships no licence file.
import { RE2JS } from 're2js';
import { Tiktoken } from 'js-tiktoken/lite';
import { parse } from 'yaml';

export const parts = [RE2JS, Tiktoken, parse];
