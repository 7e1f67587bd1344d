import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);
import {
  child_process,
  crypto,
  fs,
  os,
  path,
  stream,
  util
} from "./chunk-PETURP57.js";
import "./chunk-5ERFDA4Q.js";
export {
  child_process,
  crypto,
  fs,
  os,
  path,
  stream,
  util
};
