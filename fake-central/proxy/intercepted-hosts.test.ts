import { describe, expect, it } from 'vitest';
import { isInterceptedHost, splitAuthority } from './intercepted-hosts.js';

describe('isInterceptedHost', () => {
  it.each([
    ['sso.common.cloud.hpe.com', true],
    ['SSO.Common.Cloud.HPE.com', true],
    ['sso.common.cloud.hpe.com.', true],
    ['us5.api.central.arubanetworks.com', true],
    ['internal.api.central.arubanetworks.com', true],
    ['cn1.api.central.arubanetworks.com.cn', true],
    ['apigw-prod2.central.arubanetworks.com', true],
    ['global.api.greenlake.hpe.com', true],
    ['example.com', false],
    ['api.central.arubanetworks.com', false],
    ['a.b.api.central.arubanetworks.com', false],
    ['us5.api.central.arubanetworks.com.evil.example', false],
    ['evilsso.common.cloud.hpe.com', false],
    ['apigw.central.arubanetworks.com', false],
    ['central.arubanetworks.com', false],
    ['127.0.0.1', false],
  ])('%s → %s', (host, expected) => {
    expect(isInterceptedHost(host)).toBe(expected);
  });
});

describe('splitAuthority', () => {
  it.each([
    ['example.com:443', { host: 'example.com', port: 443 }],
    ['Example.COM', { host: 'example.com', port: 443 }],
    ['[::1]:8443', { host: '::1', port: 8443 }],
    ['sso.common.cloud.hpe.com:80', { host: 'sso.common.cloud.hpe.com', port: 80 }],
  ])('%s', (authority, expected) => {
    expect(splitAuthority(authority, 443)).toEqual(expected);
  });
});
