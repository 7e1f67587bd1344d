/**
 * The network-config profile families the generic store serves, one line per vendor document
 * (fake-central/SPEC.md §config profiles names the documents). A token is `segment` (list key
 * `profile`, item key `name`), `segment:listKey`, `segment:listKey:keyField`, or `segment=` for a
 * singleton object without `/{name}`. Families that have their own routes (wlan-ssids,
 * auth-servers, auth-profiles, authz-policies, firmware-compliance, scope-maps,
 * config-assignments) are not here.
 */
const TABLE = `
application-experience: app-bandwidth-contracts:profiles arc dap dap-application dap-sla
config-management: config-checkpoint device-persona-mapping:device-type-list:device-type
extensions: psm:psm-instance splunk-instances:instance vsphere-instances:vsphere-instance
gateway-clustering: gw-cluster-intent-config
high-availability: gateway-clusters stacks:stack vsf-templates:template vsx-profiles:vsx
interfaces: ap-port-profiles:profile:profile-name ap-uplinks cdp device-profile dhcp-client
  ethernet-interfaces:interface fault-monitor gw-port-profiles:profile:profile-name
  interface-profiles:interface-profile lacp= lldp loopback-interfaces:interface:id
  mgmt-interfaces mirror-endpoint mirrors portchannels:interface sflow static-macs
  sub-interfaces:interface:parent-name-id sw-port-profiles:profile:profile-name ufd
  vlan-interfaces:interface:id
iot: usb
miscellaneous: device-firmware= dsm:dsm-instance features= node-operations:operations:xpath
  overlay-wlan:ssid-cluster:profile vsx-config:vsx vxlan
named-object: aliases:alias named-conditions:named-condition net-services:net-service
network-services: dhcp-pool dhcp-relay dhcp-server dhcp-snooping dhcp-snooping-interface
  dynamic-arp-inspection-interface external-storage ip-source-lockdown
  ip-source-lockdown-interface ipsla mgmd-global multicast-dns nae-lite nd-snooping
  nd-snooping-interface ptp qos-global qos-queues:profile:q-profile-name
  qos-schedules:profile:sched-profile-name qos-thresholds:profile:thresh-profile-name
  source-ip-bindings:static-entry:ip-version-vlan-client-address udp-broadcast-forwarders
roles-policy: object-groups:group policies:policy policy-groups= role-acls:acl
  role-gpids:role-gpid roles:role
routing-overlays: advanced-intelligent-forwarding aspath-lists:as-path-list:aspath-list-name
  bfd bgp community-lists:community-list:community-list-name-community-type evpn ip-routing
  l3-route mpls msdp multicast-global multicast-static-route nexthop-groups:group ospfv2 ospfv3
  pim-router prefix-lists:prefix-list:prefix-list-name-address-family rip
  route-maps:route-map:route-map-name static-route tracking-object:vrrp:identifier vrfs:vrf
security: aaa-profile auth-server-global-config auth-survivability bcn-rpt-req-profiles
  captive-portal certificate-rcp:ta-profile certificate-store:certificate certificate-usage
  certificates:certificate copp device-certificates:device-certificate dot11k-profiles dot1xauth
  dot1xsupp est-profiles firewall gw-certificate-usage internal-user keychains:keychain
  mac-lockout macauth macsec:policy mka:policy net-groups:net-group passpoint-identity
  port-security:policy radius-modifiers:radius-modifier rrm-ie-profiles
  server-groups:server-group stateful-dot1x-profiles ubt
services: airgroup-policies:policy airgroup-servers:server:mac-address
  airgroup-service-definitions:service airgroup-system= location
system: ap-system container-networks:profile:name-vrf containers:instance countermon
  custom-get-api= db-observer:db-observer-rules ddns dns dump-server gw-system
  hardware-modules:hw-profile http-proxy-servers ip-source-interfaces ipm job-scheduler:schedule
  local-management logging management-server management-user-groups:user-group
  management-users:user nae-agents:nae-agent:agent-name nae-scripts:nae-script ntp
  packet-capture remote-management rmon-alarms snmp snmp-trap speed-test
  switch-chassis:chassis:chassis-name switch-profiles switch-system sysmon system-info telemetry
  time-ranges:time-range
telemetry: client-insight client-iptracker client-iptracker-interface devicefingerprinting
  devicefingerprinting-interface devicefingerprinting-profile flow-tracking
  ipfix-flow-exporter:exporters traffic-insight:instance
tunnels: tunnel:interface:id tunnel-groups:group
vlans-networks: erps layer2-vlan:l2-vlan:vlan loop-protect mvrp named-vlan smartlink
  static-neighbor stp stp-gw vrrp vrrp-global
wireless: alg ids mesh mpsk-local passpoint radios
central-nac: airpass-approval:approval custom-messages:custom-message:message-id
  default-custom-messages:default-custom-message:message-id identity-stores:store:id
  message-providers:provider:provider-id overrides:override:override-id portals:portal:portal-id
  skins:skin:skin-id static-tag:tag:tag-id
`;

/** One profile family of the generic store. */
export interface ProfileFamily {
  /** Path segment after `/network-config/{v1,v1alpha1}/`, e.g. `ntp`. */
  segment: string;
  /** The vendor document family it comes from, e.g. `system`. */
  document: string;
  /** Key of the list in the collection GET, e.g. `profile`. */
  listKey: string;
  /** Item field the `/{…}` path parameter names, e.g. `name`. */
  keyField: string;
  /** A singleton object (GET/POST/PATCH/DELETE on the collection path, no `/{name}`). */
  singleton: boolean;
}

function parse(table: string): ProfileFamily[] {
  const out: ProfileFamily[] = [];
  let document = '';
  for (const raw of table.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const head = /^([a-z-]+):\s/.exec(line);
    if (head?.[1] && !raw.startsWith(' ')) document = head[1];
    const tokens = (head && !raw.startsWith(' ') ? line.slice(head[0].length) : line).split(/\s+/);
    for (const token of tokens.filter((t) => t !== '')) {
      if (token.endsWith('=')) {
        out.push({
          segment: token.slice(0, -1),
          document,
          listKey: '',
          keyField: '',
          singleton: true,
        });
        continue;
      }
      const [segment = '', listKey = 'profile', keyField = 'name'] = token.split(':');
      out.push({ segment, document, listKey, keyField, singleton: false });
    }
  }
  return out;
}

/** Every family, in table order. */
export const PROFILE_FAMILIES: readonly ProfileFamily[] = parse(TABLE);

/** Family by path segment. */
export const FAMILY_BY_SEGMENT: ReadonlyMap<string, ProfileFamily> = new Map(
  PROFILE_FAMILIES.map((f) => [f.segment, f]),
);

/** The state file a family is stored in (a bundle may seed it). */
export function familyFile(family: ProfileFamily): string {
  return `${family.segment}.json`;
}
