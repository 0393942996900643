//! What counts as one client (issue 18 items 3 and 5): an IPv4 address, or
//! an IPv6 **/64** network. One IPv6 subscriber is routinely given a whole
//! /64 (2^64 addresses), so counting IPv6 addresses one by one would let
//! one machine pose as any number of clients; a /64 is the smallest block
//! a household or a server is handed. Every per-address limit of the
//! server (connections, live-update streams, new games) counts by this key.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// One client's share of every per-address limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddrKey {
    V4(Ipv4Addr),
    /// The first 64 bits of an IPv6 address.
    V6Net([u8; 8]),
}

impl From<IpAddr> for AddrKey {
    fn from(ip: IpAddr) -> AddrKey {
        match ip {
            IpAddr::V4(v4) => AddrKey::V4(v4),
            // A dual-stack socket shows IPv4 clients as ::ffff:a.b.c.d:
            // they are the IPv4 client, not one big /64.
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddrKey::V4(v4),
                None => {
                    let o = v6.octets();
                    let mut net = [0u8; 8];
                    net.copy_from_slice(&o[..8]);
                    AddrKey::V6Net(net)
                }
            },
        }
    }
}

impl fmt::Display for AddrKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AddrKey::V4(v4) => write!(f, "{v4}"),
            AddrKey::V6Net(net) => {
                let mut o = [0u8; 16];
                o[..8].copy_from_slice(net);
                write!(f, "{}/64", Ipv6Addr::from(o))
            }
        }
    }
}

/// The key of an unknown address (no connection information: in-process
/// tests and embedding): all such requests share one client's limits.
pub fn key_of(ip: Option<IpAddr>) -> AddrKey {
    ip.map_or(AddrKey::V4(Ipv4Addr::UNSPECIFIED), AddrKey::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> AddrKey {
        AddrKey::from(s.parse::<IpAddr>().unwrap())
    }

    #[test]
    fn ipv6_addresses_count_by_their_64() {
        assert_eq!(
            key("2001:db8:1:2::1"),
            key("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("2001:db8:1:2::1").to_string(), "2001:db8:1:2::/64");
    }

    #[test]
    fn ipv4_addresses_count_one_by_one_whatever_the_socket_family() {
        assert_ne!(key("192.0.2.1"), key("192.0.2.2"));
        assert_eq!(key("::ffff:192.0.2.1"), key("192.0.2.1"));
        assert_eq!(key("192.0.2.1").to_string(), "192.0.2.1");
        assert_eq!(key_of(None), key("0.0.0.0"));
    }
}
